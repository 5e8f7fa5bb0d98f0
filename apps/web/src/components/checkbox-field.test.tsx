import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderPublicRoutes } from '@/test/render';
import { CheckboxField, type CheckboxFieldProps } from './checkbox-field';

function Harness(props: Partial<CheckboxFieldProps>) {
  const [checked, setChecked] = useState(false);
  return (
    <CheckboxField
      label="I accept the terms"
      checked={checked}
      onChange={(event) => setChecked(event.currentTarget.checked)}
      {...props}
    />
  );
}

describe('CheckboxField', () => {
  it('is a native checkbox named by its label', async () => {
    renderPublicRoutes([{ path: '/', element: <Harness /> }], '/');
    const box = screen.getByRole('checkbox', { name: 'I accept the terms' });
    await userEvent.click(screen.getByText('I accept the terms'));
    expect(box).toBeChecked();
  });

  it('says what is missing under the label, read with the box', () => {
    renderPublicRoutes(
      [{ path: '/', element: <Harness error="Accept the terms to continue." /> }],
      '/',
    );
    const box = screen.getByRole('checkbox', { name: 'I accept the terms' });
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('Accept the terms to continue.');
  });

  it('can be disabled', () => {
    renderPublicRoutes([{ path: '/', element: <Harness disabled /> }], '/');
    expect(screen.getByRole('checkbox')).toBeDisabled();
  });
});
