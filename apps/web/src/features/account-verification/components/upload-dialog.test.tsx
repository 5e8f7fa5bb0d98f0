import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  bankStatementType,
  drivingLicenceType,
  passportType,
  poaCategory,
  poiCategory,
  preconditionFailed,
  storageUrl,
  uploadTokenFixture,
} from '@/test/document-fixtures';
import { fakeUploads } from '@/test/fake-uploads';
import { serveDocumentScreens } from '@/test/handlers';
import { MB, file, picker, renderDialog, sendButton, zone } from './upload-dialog-test-kit';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('UploadDialog: a card, front and back', () => {
  it('asks for a photo of each side with guidance, and sends them front first', async () => {
    const { requests } = fakeUploads();
    const api = serveDocumentScreens();
    const { dialog, onSent } = await renderDialog(drivingLicenceType);

    expect(within(dialog).getByText('For a clear photo')).toBeInTheDocument();
    expect(within(dialog).getByText('Keep all four corners in the picture.')).toBeInTheDocument();
    const front = zone(dialog, 'Front of the card');
    expect(picker(front).accept).toBe('image/jpeg,.jpg,.jpeg,image/png,.png,image/webp,.webp');
    expect(front.querySelector('input[capture="environment"]')).not.toBeNull();
    expect(sendButton(dialog)).toBeDisabled();

    await userEvent.upload(picker(zone(dialog, 'Back of the card')), file('back.png', 'image/png'));
    expect(await within(dialog).findByText('Uploaded')).toBeInTheDocument();
    expect(within(dialog).getByText('Add a photo of each side to send it.')).toBeInTheDocument();
    expect(sendButton(dialog)).toBeDisabled();

    await userEvent.upload(
      picker(zone(dialog, 'Front of the card')),
      file('front.jpg', 'image/jpeg'),
    );
    await waitFor(() => expect(within(dialog).getAllByText('Uploaded')).toHaveLength(2));
    await userEvent.click(sendButton(dialog));

    await waitFor(() => expect(onSent).toHaveBeenCalled());
    const [upload] = api.uploads;
    // The back went first and got the first key; the document names the front first.
    expect(upload?.body).toEqual({ pages: ['documents/key-2', 'documents/key-1'] });
    expect(upload?.query.get('document_category_id')).toBe(poiCategory.id);
    expect(upload?.query.get('document_type_id')).toBe(drivingLicenceType.id);
    expect(upload?.idempotencyKey).toMatch(UUID);

    expect(Object.fromEntries(api.tokens[0] ?? [])).toEqual({
      file_name: 'back.png',
      file_type: 'image/png',
      file_size: '3000',
    });
    expect(requests[0]?.method).toBe('PUT');
    expect(requests[0]?.url).toBe(storageUrl(1));
    expect(requests[0]?.headers).toEqual(uploadTokenFixture(1).headers);
    expect(requests[0]?.withCredentials).toBe(false);
    expect((requests[0]?.body as File).name).toBe('back.png');
  });

  it('refuses a PDF for a side: a card is photographed', async () => {
    fakeUploads();
    const api = serveDocumentScreens();
    const { dialog } = await renderDialog(drivingLicenceType);
    const user = userEvent.setup({ applyAccept: false });

    await user.upload(
      picker(zone(dialog, 'Front of the card')),
      file('front.pdf', 'application/pdf'),
    );

    expect(
      await within(dialog).findByText(
        '“front.pdf” is not a file we can take. Use JPEG, PNG, or WebP.',
      ),
    ).toBeInTheDocument();
    expect(api.tokens).toEqual([]);
  });
});

describe('UploadDialog: pages', () => {
  it('takes several files at once, lists them and sends them in order', async () => {
    fakeUploads();
    const api = serveDocumentScreens();
    const { dialog, onSent } = await renderDialog(bankStatementType, poaCategory.id);
    const files = zone(dialog, 'Your files');
    expect(picker(files).multiple).toBe(true);
    expect(picker(files).accept).toContain('application/pdf');

    await userEvent.upload(picker(files), [
      file('statement.pdf', 'application/pdf'),
      file('page-2.png', 'image/png'),
    ]);
    const list = within(dialog).getByRole('list', { name: 'Files to send' });
    await waitFor(() => expect(within(list).getAllByText('Uploaded')).toHaveLength(2));
    expect(within(dialog).getByText('2 of 10 files')).toBeInTheDocument();
    await userEvent.click(sendButton(dialog));

    await waitFor(() => expect(onSent).toHaveBeenCalled());
    const keyOf = (name: string) =>
      `documents/key-${api.tokens.findIndex((query) => query.get('file_name') === name) + 1}`;
    expect(api.uploads[0]?.body).toEqual({ pages: [keyOf('statement.pdf'), keyOf('page-2.png')] });
  });

  it('says why each refused file was not taken, before asking for any token', async () => {
    fakeUploads();
    const api = serveDocumentScreens();
    const { dialog } = await renderDialog(bankStatementType, poaCategory.id);
    const user = userEvent.setup({ applyAccept: false });

    await user.upload(picker(zone(dialog, 'Your files')), [
      file('photo.gif', 'image/gif'),
      file('statement.pdf', 'text/html'),
      file('empty.png', 'image/png', 0),
      file('huge.pdf', 'application/pdf', 10 * MB + 1),
    ]);

    const types = 'JPEG, PNG, WebP, or PDF';
    expect(
      await within(dialog).findByText(`“photo.gif” is not a file we can take. Use ${types}.`),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText(`“statement.pdf” is not a file we can take. Use ${types}.`),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('“empty.png” is empty.')).toBeInTheDocument();
    expect(within(dialog).getByText('“huge.pdf” is larger than 10 MB.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('list', { name: 'Files to send' })).not.toBeInTheDocument();
    expect(api.tokens).toEqual([]);
  });

  it('takes no more files than the type allows', async () => {
    fakeUploads();
    serveDocumentScreens();
    const { dialog } = await renderDialog(bankStatementType, poaCategory.id);
    const files = Array.from({ length: 11 }, (_, index) =>
      file(`page-${index + 1}.png`, 'image/png'),
    );

    await userEvent.upload(picker(zone(dialog, 'Your files')), files);

    expect(
      await within(dialog).findByText(
        '“page-11.png” was not added: this document takes at most 10 files.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('10 of 10 files')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /^Choose files/ })).toBeDisabled();
  });
});

describe('UploadDialog: what stops a document', () => {
  it.each([
    [
      'incomplete_customer_identity',
      'Complete your details first',
      'Complete your details',
      '/settings#personal-details',
    ],
    [
      'incomplete_customer_address',
      'Add your address first',
      'Add your address',
      '/settings#address',
    ],
  ])('412 %s says what to complete, with the way there', async (type, title, action, href) => {
    fakeUploads();
    serveDocumentScreens({ token: () => preconditionFailed(type) });
    const { dialog } = await renderDialog(passportType);

    await userEvent.upload(picker(zone(dialog, 'Your files')), file('passport.png', 'image/png'));

    expect(await within(dialog).findByText(title)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: action })).toHaveAttribute('href', href);
    expect(
      within(dialog).getByText("Not uploaded: This file can't be sent yet."),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /^Retry/ })).not.toBeInTheDocument();
  });

  it('keeps the files when sending fails, and sends again with the same Idempotency-Key', async () => {
    fakeUploads();
    let fail = true;
    const api = serveDocumentScreens({
      upload: () =>
        fail ? HttpResponse.json({ message: 'Server error' }, { status: 500 }) : undefined,
    });
    const { dialog, onSent } = await renderDialog(passportType);

    await userEvent.upload(picker(zone(dialog, 'Your files')), file('passport.png', 'image/png'));
    await within(dialog).findByText('Uploaded');
    await userEvent.click(sendButton(dialog));
    expect(await within(dialog).findByText('Your document was not sent')).toBeInTheDocument();
    expect(onSent).not.toHaveBeenCalled();

    fail = false;
    await userEvent.click(sendButton(dialog));
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    expect(api.uploads).toHaveLength(2);
    expect(api.uploads[1]?.idempotencyKey).toBe(api.uploads[0]?.idempotencyKey);
  });
});
