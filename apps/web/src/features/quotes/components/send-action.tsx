import type { Quote } from '@corridor/contracts';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { pathTo } from '@/config/routes';
import { useCustomer } from '@/features/customers';
import { useT } from '@/i18n';
import { Notice } from '@/ui/notice';
import { quotesMessages } from '../messages';

export interface SendActionProps {
  quote: Quote;
  /** Checking the amount or saving the quote. */
  busy: boolean;
  /** Why the last Send money failed, in words; null when it did not. */
  failure: string | null;
}

/** A yellow notice: what stops the transfer, in place of the button. */
function Warning({ title, children }: { title: string; children: string }) {
  return (
    <div className="calculator__warning" data-tone="warning" role="status">
      <p className="calculator__warning-title">{title}</p>
      <p>{children}</p>
    </div>
  );
}

/**
 * "Send money", or what stops it: the customer's restriction ("contact support") or the
 * quote's own reason, each in a yellow notice in place of the button; and, while the proof of
 * identity is owed, a line to the verification screen.
 */
export function SendAction({ quote, busy, failure }: SendActionProps) {
  const t = useT(quotesMessages);
  const customer = useCustomer();
  const identityOwed = customer?.pending_documents.some((category) => category.code === 'POI');
  let action;
  if (customer?.is_blocked_for_sending === true) {
    action = <Warning title={t('blocked.title')}>{t('blocked.text')}</Warning>;
  } else if (quote.transfer_disable_reason !== null) {
    action = <Warning title={t('disabled.title')}>{quote.transfer_disable_reason}</Warning>;
  } else {
    action = (
      <Button type="submit" size="lg" fullWidth loading={busy}>
        {t('action.send')}
      </Button>
    );
  }
  return (
    <Stack gap="sm">
      {failure !== null && (
        <Notice tone="error" title={t('send.failedTitle')}>
          {failure}
        </Notice>
      )}
      {action}
      {identityOwed === true && (
        <Text size="sm">
          {t.rich(
            'poi.pending',
            {},
            {
              link: (text) => (
                <Anchor component={Link} to={pathTo('accountVerification')} fw={600}>
                  {text}
                </Anchor>
              ),
            },
          )}
        </Text>
      )}
    </Stack>
  );
}
