import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { FormErrorAlert } from '@/components/form-error-alert';
import { SlowWaitNotice } from '@/components/slow-wait-notice';
import { pathTo } from '@/config/routes';
import { useT } from '@/i18n';
import { formErrors } from '@/lib/form-errors';
import { useForgotPassword } from '../api/forgot-password';
import { EmailField } from '../components/email-field';
import { accountsMessages } from '../messages';

export function ForgotPasswordScreen() {
  const t = useT(accountsMessages);
  const forgot = useForgotPassword();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setEmailError(undefined);
    setFailure(null);
    setSent(null);
    if (email.trim() === '') {
      setEmailError(t('field.emailRequired'));
      return;
    }
    forgot.run(
      { email },
      {
        // The same message whatever the email (no account enumeration, docs/product/accounts-and-sessions.md#sign-up).
        onSuccess: ({ message }) => setSent(message),
        onError: (error) => {
          const placed = formErrors(error, ['email'], t('forgot.fallback'));
          setEmailError(placed.fields.email);
          setFailure(placed.failure);
        },
      },
    );
  };

  return (
    <Stack gap="lg">
      <Title order={1}>{t('forgot.title')}</Title>
      {sent !== null && (
        <Alert role="status" color="corridor" variant="light">
          {sent}
        </Alert>
      )}
      <FormErrorAlert title={t('forgot.failed')} message={failure} />
      <Text>{t('forgot.intro')}</Text>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <EmailField autoComplete="email" value={email} onChange={setEmail} error={emailError} />
          <Button type="submit" loading={forgot.isPending} fullWidth>
            {t('forgot.submit')}
          </Button>
          <SlowWaitNotice show={forgot.isSlow} onRetry={forgot.retry} onCancel={forgot.cancel} />
        </Stack>
      </form>
      <Anchor component={Link} to={pathTo('signIn')} ta="center">
        {t('backToSignIn')}
      </Anchor>
    </Stack>
  );
}
