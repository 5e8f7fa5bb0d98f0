import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/test/render';
import { FileDrop, type FileDropProps } from './file-drop';

function renderDrop(props: Partial<FileDropProps> = {}) {
  const onFiles = vi.fn<(files: File[]) => void>();
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <FileDrop
            label="Your bank statement"
            hint="JPEG, PNG or PDF, up to 10 MB each."
            accept="image/jpeg,.jpg,image/png,application/pdf"
            onFiles={onFiles}
            {...props}
          />
        ),
      },
    ],
    '/',
  );
  const zone = screen.getByRole('group', { name: 'Your bank statement' });
  return { onFiles, zone };
}

const pdf = () => new File(['%PDF-1.4'], 'statement.pdf', { type: 'application/pdf' });
const inputs = (zone: HTMLElement) => [
  ...zone.querySelectorAll<HTMLInputElement>('input[type="file"]'),
];

/** A touch screen: `(pointer: coarse)` matches. */
function useTouchScreen() {
  const original = window.matchMedia.bind(window);
  vi.spyOn(window, 'matchMedia').mockImplementation((query) =>
    query === '(pointer: coarse)'
      ? ({ ...original(query), matches: true } as MediaQueryList)
      : original(query),
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('FileDrop', () => {
  it('is a named group that says what goes there, with a button for the file picker', async () => {
    const { zone, onFiles } = renderDrop();
    expect(zone).toHaveTextContent('JPEG, PNG or PDF, up to 10 MB each.');
    expect(zone).toHaveTextContent('or drag it here');
    const [picker] = inputs(zone);
    expect(picker?.accept).toBe('image/jpeg,.jpg,image/png,application/pdf');
    expect(picker?.multiple).toBe(false);
    const opened = vi.fn();
    picker?.addEventListener('click', opened);

    await userEvent.click(
      screen.getByRole('button', { name: /^Choose a file\W+Your bank statement$/ }),
    );
    expect(opened).toHaveBeenCalled();

    await userEvent.upload(picker as HTMLInputElement, pdf());
    expect(onFiles).toHaveBeenCalledWith([expect.objectContaining({ name: 'statement.pdf' })]);
    // Cleared, so choosing the same file again is a change too.
    expect(picker?.value).toBe('');
  });

  it('takes several files when asked to', async () => {
    const { zone, onFiles } = renderDrop({ multiple: true });
    expect(screen.getByRole('button', { name: /^Choose files/ })).toBeInTheDocument();
    expect(zone).toHaveTextContent('or drag them here');
    const second = new File(['x'], 'page-2.png', { type: 'image/png' });
    await userEvent.upload(inputs(zone)[0] as HTMLInputElement, [pdf(), second]);
    expect(onFiles.mock.calls[0]?.[0].map((file) => file.name)).toEqual([
      'statement.pdf',
      'page-2.png',
    ]);
  });

  it('takes files dropped on it, lighting up while they are dragged over', () => {
    const { zone, onFiles } = renderDrop({ multiple: true });
    const files = [pdf()];
    fireEvent.dragEnter(zone, { dataTransfer: { files } });
    expect(zone).toHaveAttribute('data-dragging');
    fireEvent.drop(zone, { dataTransfer: { files } });
    expect(zone).not.toHaveAttribute('data-dragging');
    expect(onFiles).toHaveBeenCalledWith(files);
  });

  it('offers the camera on a touch screen: a second input that captures with the rear camera', async () => {
    useTouchScreen();
    const { zone } = renderDrop({ camera: true });
    const camera = zone.querySelector<HTMLInputElement>('input[capture]');
    expect(camera?.getAttribute('capture')).toBe('environment');
    expect(camera?.accept).toBe('image/jpeg,image/png');
    const opened = vi.fn();
    camera?.addEventListener('click', opened);
    await userEvent.click(
      screen.getByRole('button', { name: /^Take a photo\W+Your bank statement$/ }),
    );
    expect(opened).toHaveBeenCalled();
    // On a phone there is nothing to drag from.
    expect(zone).not.toHaveTextContent('or drag it here');
  });

  it('offers no camera button without a touch screen', () => {
    renderDrop({ camera: true });
    expect(screen.queryByRole('button', { name: /Take a photo/ })).not.toBeInTheDocument();
  });

  it('takes nothing while disabled', () => {
    const { zone, onFiles } = renderDrop({ disabled: true });
    expect(screen.getByRole('button', { name: /^Choose a file/ })).toBeDisabled();
    fireEvent.drop(zone, { dataTransfer: { files: [pdf()] } });
    expect(onFiles).not.toHaveBeenCalled();
  });
});
