import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '@/i18n';
import { server } from '@/test/msw-server';
import { rateHistoryFixture } from '@/test/quote-fixtures';
import { renderRoutes } from '@/test/render';
import { RateHistoryChart } from './rate-history-chart';

function serveHistory(answer: () => Response) {
  const calls = { count: 0 };
  server.use(
    http.get('/client/v1/rates/history', () => {
      calls.count += 1;
      return answer();
    }),
  );
  return calls;
}

const renderChart = () =>
  renderRoutes(
    [{ path: '/', element: <RateHistoryChart from="GBP" to="INR" placeholder="Loading" /> }],
    '/',
  );

describe('RateHistoryChart', () => {
  afterEach(async () => {
    await setLocale('en', { remember: false });
  });

  it('draws the days as a line with a title, and says lowest, highest and latest in Spanish', async () => {
    await setLocale('es', { remember: false });
    serveHistory(() => HttpResponse.json({ data: rateHistoryFixture() }));
    renderChart();
    const chart = await screen.findByRole('img', { name: 'GBP a INR, últimos 30 días' });
    expect(chart.querySelector('.rate-chart__line')?.getAttribute('d')).toMatch(
      /^M[\d.]+ [\d.]+( L[\d.]+ [\d.]+){29}$/,
    );
    expect(chart).toHaveAccessibleDescription(
      'Tipo medio del mercado de 1 GBP en INR, día a día. Mínimo 1 GBP = 103,2000 INR el 3 nov. ' +
        'Máximo 1 GBP = 107,9500 INR el 20 nov. Último 1 GBP = 105,8800 INR el 30 nov.',
    );
    expect(screen.getByText('Mínimo')).toBeInTheDocument();
  });

  it('says when there is no history yet', async () => {
    serveHistory(() => HttpResponse.json({ data: [] }));
    renderChart();
    expect(
      await screen.findByText('There is no rate history for GBP to INR yet.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('draws a single day without dividing by nothing', async () => {
    serveHistory(() => HttpResponse.json({ data: [{ date: '2026-11-30', rate: '105.8800' }] }));
    renderChart();
    const chart = await screen.findByRole('img', { name: 'GBP to INR, last 30 days' });
    expect(chart.querySelector('.rate-chart__line')?.getAttribute('d')).toBe('M160.0 60.0');
  });

  it('shows a failed load with a Retry that loads again', async () => {
    let fail = true;
    const calls = serveHistory(() =>
      fail
        ? HttpResponse.json({ message: 'Not available.' }, { status: 403 })
        : HttpResponse.json({ data: rateHistoryFixture() }),
    );
    renderChart();
    expect(await screen.findByText('We could not load the rate history')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('img', { name: 'GBP to INR, last 30 days' }),
    ).toBeInTheDocument();
    expect(calls.count).toBe(2);
  });
});
