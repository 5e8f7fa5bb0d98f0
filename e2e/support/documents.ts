import type { Customer } from '@corridor/contracts';
import { expect, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './a11y.ts';
import { press } from './press.ts';
import { english as t } from './texts.ts';

/** A document category as the customer resource and the catalogue list it. */
export type DocumentCategory = Customer['pending_documents'][number];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A button or link named by its words and, for screen readers, what it is for. */
export const named = (action: string, what: string) =>
  new RegExp(`^${escapeRegExp(action)}\\W+${escapeRegExp(what)}$`);

/**
 * On a category's upload page: opens the upload dialog for one type, chooses `file` through the
 * file picker, waits for it to upload, checks the dialog with axe and sends the document. Where
 * the customer lands next is the caller's to check (account verification, or the screen that
 * sent them here).
 */
export async function uploadThroughDialog(
  page: Page,
  category: DocumentCategory,
  type: string,
  file: { name: string; mimeType: string; buffer: Buffer },
): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: category.title })).toBeVisible();
  await press(
    page.getByRole('button', { name: named(t.accountVerification['action.start'], type) }),
  );
  const dialog = page.getByRole('dialog', {
    name: t.format(t.accountVerification['dialog.title'], { type }),
  });
  await expect(dialog).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  // The file picker's button (ui/file-drop.tsx: "Choose a file" or "Choose files").
  await press(dialog.getByRole('button', { name: /^Choose (a file|files)\W/ }));
  await (await chooser).setFiles(file);
  await expect(dialog.getByText(t.accountVerification['file.done'], { exact: true })).toBeVisible();
  await expectNoA11yViolations(page);
  await press(dialog.getByRole('button', { name: t.accountVerification['dialog.submit'] }));
}
