import { formatDate } from './intl';
import { currentLocale } from './locale-store';
import { numberFormat } from './number-formats';

/** The number and date data of `locale`, made on this thread (16 ms on a desktop core). */
function warmUpHere(locale: string): void {
  numberFormat(locale).format(0);
  formatDate('2000-01-01T00:00:00Z', locale);
}

/** The languages warmed up (or being), each once a page, with when they are. */
const warmedUp = new Map<string, Promise<void>>();

/**
 * Loads the language's number and date data (ICU) before a screen formats its first amount. The
 * first `Intl` format of a page costs 20–60 ms at full speed, four times that on a phone (issue
 * 31: the dashboard's second-longest task). Most of it, the browser's list of locales and the
 * language data, is made once for the whole renderer process, so it is made on a worker's
 * thread: the page's first format then takes under a millisecond. Where no worker starts, on
 * this thread once the current task is done, as before. Resolves once the data is made.
 */
export function warmUpIntl(locale: string = currentLocale()): Promise<void> {
  let warm = warmedUp.get(locale);
  if (warm === undefined) {
    warm = new Promise((resolve) => warmUpInWorker(locale, resolve));
    warmedUp.set(locale, warm);
  }
  return warm;
}

function warmUpInWorker(locale: string, done: () => void): void {
  let worker: Worker;
  try {
    worker = new Worker(new URL('./intl-warm-up.worker.ts', import.meta.url), {
      name: 'intl-warm-up',
    });
  } catch {
    // Nothing to wait for: made on this thread once the current task is done.
    setTimeout(() => warmUpHere(locale), 0);
    done();
    return;
  }
  worker.addEventListener('message', () => {
    worker.terminate();
    done();
  });
  worker.addEventListener('error', () => {
    worker.terminate();
    warmUpHere(locale);
    done();
  });
  worker.postMessage(locale);
}
