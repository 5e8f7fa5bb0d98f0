// The upload dialog's files on their way: made smaller, progress, failures, stalls, slow answers.
import { act, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { passportType } from '@/test/document-fixtures';
import { fakeUploads } from '@/test/fake-uploads';
import { serveDocumentScreens } from '@/test/handlers';
import { server } from '@/test/msw-server';
import { MB, file, picker, renderDialog, sendButton, zone } from './upload-dialog-test-kit';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('UploadDialog: preparing and uploading', () => {
  it('makes a 12 MB phone photo a smaller JPEG before it is sent', async () => {
    const { requests } = fakeUploads();
    const api = serveDocumentScreens();
    const close = vi.fn();
    vi.stubGlobal('createImageBitmap', () => Promise.resolve({ width: 4032, height: 3024, close }));
    const drawImage = vi.fn();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
      drawImage,
    } as unknown as CanvasRenderingContext2D);
    vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((done, type) =>
      done(new Blob([new Uint8Array(800_000)], { type })),
    );
    const { dialog } = await renderDialog(passportType);

    await userEvent.upload(
      picker(zone(dialog, 'Your files')),
      file('IMG_0042.png', 'image/png', 12 * MB),
    );

    expect(await within(dialog).findByText('Uploaded')).toBeInTheDocument();
    expect(drawImage).toHaveBeenCalledWith(expect.anything(), 0, 0, 2400, 1800);
    expect(close).toHaveBeenCalled();
    expect(Object.fromEntries(api.tokens[0] ?? [])).toEqual({
      file_name: 'IMG_0042.jpg',
      file_type: 'image/jpeg',
      file_size: '800000',
    });
    const sent = requests[0]?.body as File;
    expect(sent.size).toBe(800_000);
    expect(sent.type).toBe('image/jpeg');
  });

  it('shows the progress, and a failed upload with Retry, which asks for a new token', async () => {
    const { requests } = fakeUploads({ auto: false });
    const api = serveDocumentScreens();
    const { dialog, onSent } = await renderDialog(passportType);

    await userEvent.upload(picker(zone(dialog, 'Your files')), file('passport.png', 'image/png'));
    await waitFor(() => expect(requests).toHaveLength(1));
    act(() => requests[0]?.progress(1500, 3000));
    expect(within(dialog).getByText('Uploading… 50%')).toBeInTheDocument();
    expect(
      within(dialog).getByRole('progressbar', { name: 'Upload of passport.png' }),
    ).toHaveAttribute('aria-valuenow', '50');

    act(() => requests[0]?.fail());
    expect(
      await within(dialog).findByText(
        "Not uploaded: We couldn't reach Corridor. Check your connection.",
      ),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('Retry or remove the files that did not upload.'),
    ).toBeInTheDocument();
    expect(sendButton(dialog)).toBeDisabled();

    await userEvent.click(within(dialog).getByRole('button', { name: /^Retry\W+passport\.png$/ }));
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(api.tokens).toHaveLength(2);
    act(() => requests[1]?.respond(200));
    expect(await within(dialog).findByText('Uploaded')).toBeInTheDocument();
    await userEvent.click(sendButton(dialog));
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    expect(api.uploads[0]?.body).toEqual({ pages: ['documents/key-2'] });
  });

  it('fails an upload that makes no progress for 30 seconds, and stops it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { requests } = fakeUploads({ auto: false });
    serveDocumentScreens();
    const { dialog } = await renderDialog(passportType);

    await userEvent.upload(picker(zone(dialog, 'Your files')), file('passport.png', 'image/png'));
    await waitFor(() => expect(requests).toHaveLength(1));
    await act(() => vi.advanceTimersByTimeAsync(30_000));

    expect(
      await within(dialog).findByText('Not uploaded: The upload stopped making progress.'),
    ).toBeInTheDocument();
    expect(requests[0]?.aborted).toBe(true);
    expect(within(dialog).getByRole('button', { name: /^Retry/ })).toBeInTheDocument();
  });

  it('stops an upload when its file is removed', async () => {
    const { requests } = fakeUploads({ auto: false });
    serveDocumentScreens();
    const { dialog } = await renderDialog(passportType);

    await userEvent.upload(picker(zone(dialog, 'Your files')), file('passport.png', 'image/png'));
    await waitFor(() => expect(requests).toHaveLength(1));
    await userEvent.click(within(dialog).getByRole('button', { name: /^Remove\W+passport\.png$/ }));

    expect(requests[0]?.aborted).toBe(true);
    expect(within(dialog).queryByText('passport.png')).not.toBeInTheDocument();
    expect(zone(dialog, 'Your files')).toBeInTheDocument();
  });
});

describe('UploadDialog: a slow answer', () => {
  it('offers Retry and Cancel once sending takes longer than usual', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fakeUploads();
    serveDocumentScreens();
    let release: () => void = () => undefined;
    let posts = 0;
    server.use(
      http.post('/client/v1/document/upload', async () => {
        posts += 1;
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return HttpResponse.json({ message: 'Server error' }, { status: 500 });
      }),
    );
    const { dialog } = await renderDialog(passportType);
    await userEvent.upload(picker(zone(dialog, 'Your files')), file('passport.png', 'image/png'));
    await within(dialog).findByText('Uploaded');

    await userEvent.click(sendButton(dialog));
    await waitFor(() => expect(posts).toBe(1));
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(within(dialog).getByText('This is taking longer than usual.')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(within(dialog).queryByText('This is taking longer than usual.')).not.toBeInTheDocument();
    expect(sendButton(dialog)).toBeEnabled();
    release();
  });
});
