import { Button, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { pathTo } from '@/config/routes';
import { useT } from '@/i18n';
import type { OwedCategory } from '../lib/refusal';
import { transferMessages } from '../messages';
import { StepHeading } from './step-heading';

/** Back to this transfer from the upload (features/account-verification's return route). */
export const returnToTransfer = (quoteId: string) =>
  `?${new URLSearchParams({ _rtr: 'transferWizard', _rti: quoteId }).toString()}`;

export interface VerificationStepProps {
  quoteId: string;
  owed: readonly OwedCategory[];
  /** Asks the quote again: once nothing is owed, the wizard moves on. */
  onCheck: () => void;
  checking: boolean;
}

/**
 * One-time account verification (docs/product/routes-and-screens.md#transfer-wizard): each category still owed, with a way to its
 * upload that comes back here; "I've sent them" asks the quote again.
 */
export function VerificationStep({ quoteId, owed, onCheck, checking }: VerificationStepProps) {
  const t = useT(transferMessages);
  return (
    <Stack gap="md">
      <StepHeading title={t('step.verification')} description={t('verification.intro')} />
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {owed.map((category) => (
          <Paper component="li" key={category.id} withBorder radius="md" p="md">
            <Stack gap="xs" align="flex-start">
              <Title order={3} size="h4">
                {category.title}
              </Title>
              {category.description !== null && <Text size="sm">{category.description}</Text>}
              <Button
                component={Link}
                to={`${pathTo('categoryView', { category: category.id })}${returnToTransfer(quoteId)}`}
              >
                {t('verification.start')}
                <VisuallyHidden>: {category.title}</VisuallyHidden>
              </Button>
            </Stack>
          </Paper>
        ))}
      </Stack>
      {owed.length === 0 && <Text>{t('verification.none')}</Text>}
      <div>
        <Button variant="default" onClick={onCheck} loading={checking}>
          {t('verification.check')}
        </Button>
      </div>
    </Stack>
  );
}
