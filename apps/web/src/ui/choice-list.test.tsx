import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ChoiceList } from './choice-list';

const choices = [
  {
    value: 'in',
    title: 'India',
    hint: 'INR',
    description: 'Indian rupee',
    icon: <span>flag</span>,
  },
  { value: 'ph', title: 'Philippines', hint: 'PHP', meta: 'Arrives in minutes' },
];

describe('ChoiceList', () => {
  it('lists each choice as a button named by its words, the icon left out', () => {
    render(<ChoiceList label="Countries" choices={choices} onChoose={() => undefined} />);
    const list = screen.getByRole('list', { name: 'Countries' });
    expect(within(list).getAllByRole('button')).toHaveLength(2);
    expect(within(list).getByRole('button', { name: 'India INR Indian rupee' })).toBeVisible();
    expect(
      within(list).getByRole('button', { name: 'Philippines PHP Arrives in minutes' }),
    ).toBeVisible();
    expect(within(list).getByText('flag').parentElement).toHaveAttribute('aria-hidden', 'true');
  });

  it('chooses by click and by keyboard, marking the current choice', async () => {
    const onChoose = vi.fn();
    render(<ChoiceList label="Countries" choices={choices} value="ph" onChoose={onChoose} />);
    const [india, philippines] = screen.getAllByRole('button');
    expect(philippines).toHaveAttribute('aria-current', 'true');
    expect(india).not.toHaveAttribute('aria-current');

    await userEvent.click(screen.getByRole('button', { name: /India/ }));
    expect(onChoose).toHaveBeenLastCalledWith('in');
    await userEvent.tab();
    expect(philippines).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onChoose).toHaveBeenLastCalledWith('ph');
  });

  it('says the empty message when there is nothing to choose', () => {
    render(
      <ChoiceList label="Countries" choices={[]} onChoose={() => undefined} emptyMessage="None." />,
    );
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(screen.getByText('None.')).toBeInTheDocument();
  });
});
