import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '@/i18n';
import { renderRoutes } from '@/test/render';
import { uiMessages } from './messages';
import { Pager } from './pager';

function Harness({ total = 3 }: { total?: number }) {
  const [page, setPage] = useState(1);
  return <Pager page={page} totalPages={total} onChange={setPage} label="Recipients pages" />;
}

const render = (element = <Harness />) => renderRoutes([{ path: '/', element }], '/');

describe('Pager', () => {
  afterEach(async () => {
    await setLocale('en', { remember: false });
  });

  it('moves through the pages, each end disabling its button', async () => {
    render();
    const nav = screen.getByRole('navigation', { name: 'Recipients pages' });
    expect(nav).toHaveTextContent('Page 1 of 3');
    const previous = screen.getByRole('button', { name: 'Previous' });
    const next = screen.getByRole('button', { name: 'Next' });
    expect(previous).toBeDisabled();

    await userEvent.click(next);
    expect(nav).toHaveTextContent('Page 2 of 3');
    expect(previous).toBeEnabled();
    await userEvent.click(next);
    expect(nav).toHaveTextContent('Page 3 of 3');
    expect(next).toBeDisabled();
    await userEvent.click(previous);
    expect(nav).toHaveTextContent('Page 2 of 3');
  });

  it('draws nothing for a single page', () => {
    render(<Harness total={1} />);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('speaks Spanish', async () => {
    await uiMessages.load('es');
    await setLocale('es', { remember: false });
    render();
    expect(screen.getByRole('navigation')).toHaveTextContent('Página 1 de 3');
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeInTheDocument();
  });
});
