// The upload dialog's tests share how they open it and find its parts.
import type { Customer } from '@corridor/contracts';
import { screen, within } from '@testing-library/react';
import { vi } from 'vitest';
import { poiCategory } from '@/test/document-fixtures';
import { renderRoutes } from '@/test/render';
import type { DocumentType } from '../lib/document-types';
import { UploadDialog } from './upload-dialog';

export const MB = 1024 * 1024;

export const file = (name: string, type: string, size = 3000) =>
  new File([new Uint8Array(size)], name, { type });

export async function renderDialog(type: DocumentType, categoryId = poiCategory.id) {
  const onSent = vi.fn<(customer: Customer) => void>();
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <UploadDialog
            categoryId={categoryId}
            opened
            type={type}
            onClose={() => undefined}
            onSent={onSent}
          />
        ),
      },
    ],
    '/',
  );
  const dialog = await screen.findByRole('dialog', { name: `Upload: ${type.title}` });
  return { dialog, onSent };
}

export const zone = (dialog: HTMLElement, name: string) =>
  within(dialog).getByRole('group', { name });
export const picker = (area: HTMLElement) =>
  area.querySelector<HTMLInputElement>('input[type="file"]:not([capture])') as HTMLInputElement;
export const sendButton = (dialog: HTMLElement) =>
  within(dialog).getByRole('button', { name: 'Send for checking' });
