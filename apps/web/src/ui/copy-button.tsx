import { Button, Text, VisuallyHidden } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useT } from '@/i18n';
import { CheckIcon, CopyIcon } from './icons';
import { uiMessages } from './messages';

export interface CopyButtonProps {
  /** The text put on the clipboard. */
  value: string;
  /** What is copied, for the button's name: "Copy {what}" ("Copy reference"). */
  what: string;
  disabled?: boolean;
  /** How long "Copied" stays before the button reads "Copy" again. */
  resetAfterMs?: number;
}

type CopyState = 'idle' | 'copied' | 'failed';

/** Puts a reference, an account number or a link on the clipboard, and says it did. */
export function CopyButton({
  value,
  what,
  disabled = false,
  resetAfterMs = 2000,
}: CopyButtonProps) {
  const t = useT(uiMessages);
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    clearTimeout(timer.current);
    try {
      // Not there on plain-http origins other than localhost, nor in every webview.
      if (navigator.clipboard === undefined) throw new Error('No clipboard');
      await navigator.clipboard.writeText(value);
      setState('copied');
      timer.current = setTimeout(() => setState('idle'), resetAfterMs);
    } catch {
      setState('failed');
    }
  };

  return (
    <>
      <Button
        variant="default"
        size="xs"
        disabled={disabled || value === ''}
        onClick={() => void copy()}
        leftSection={state === 'copied' ? <CheckIcon size={14} /> : <CopyIcon size={14} />}
        aria-label={t('copy.label', { what })}
      >
        {state === 'copied' ? t('copy.copied') : t('copy.copy')}
      </Button>
      <VisuallyHidden role="status">
        {state === 'copied' && t('copy.copiedWhat', { what })}
      </VisuallyHidden>
      {state === 'failed' && (
        <Text component="span" role="alert" size="sm" c="var(--mantine-color-error)">
          {t('copy.failed')}
        </Text>
      )}
    </>
  );
}
