import { Alert, Anchor, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { FormErrorAlert } from '@/components/form-error-alert';
import { SlowWaitNotice } from '@/components/slow-wait-notice';
import { pathTo } from '@/config/routes';
import { commonMessages, useT } from '@/i18n';
import { describeError, fieldErrors } from '@/lib/api-error';
import { formErrors } from '@/lib/form-errors';
import { useAsyncData } from '@/lib/use-async-data';
import { checkResetToken } from '../api/check-reset-token';
import { useResetPassword } from '../api/reset-password';
import { NewPasswordFields } from '../components/new-password-fields';
import { decodeResetToken } from '../lib/decode-reset-token';
import { signInReferers } from '../lib/sign-in-notices';
import { accountsMessages } from '../messages';

/** The fields a 422 may name; `token` replaces the form with the invalid-link notice. */
const formFields = ['token', 'password', 'confirm_password'] as const;

/** The link cannot be used: say so and offer a new one instead of a form that cannot work. */
function InvalidLink({ message }: { message: string }) {
  const t = useT(accountsMessages);
  return (
    <Stack gap="md">
      <Alert color="red" variant="light" title={t('reset.invalidTitle')}>
        {message}
      </Alert>
      <Anchor component={Link} to={pathTo('forgotPassword')}>
        {t('reset.requestNew')}
      </Anchor>
    </Stack>
  );
}

interface ResetFormProps {
  token: string;
  /** The masked email of the account the link resets. */
  account: string;
  onInvalidLink: (message: string) => void;
}

function ResetForm({ token, account, onInvalidLink }: ResetFormProps) {
  const t = useT(accountsMessages);
  const shared = useT(commonMessages);
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<(typeof formFields)[number], string>>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setErrors({});
    setFailure(null);
    reset.run(
      { token, password, confirm_password: confirmPassword },
      {
        onSuccess: () => {
          void navigate(`${pathTo('signIn')}?referer=${signInReferers.resetPassword}`, {
            replace: true,
          });
        },
        onError: (error) => {
          const { fields, failure: message } = formErrors(error, formFields, t('reset.fallback'));
          // A bad token cannot be fixed in the form: the link itself is spent (it may have been
          // used in another tab since it was checked).
          if (fields.token !== undefined) {
            onInvalidLink(fields.token);
            return;
          }
          setErrors(fields);
          setFailure(message);
        },
      },
    );
  };

  return (
    <>
      <Text>
        {t.rich('reset.account', { email: account }, { strong: (text) => <strong>{text}</strong> })}
      </Text>
      <FormErrorAlert title={t('reset.failed')} message={failure} />
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <NewPasswordFields
            password={password}
            confirmation={confirmPassword}
            onPasswordChange={setPassword}
            onConfirmationChange={setConfirmPassword}
            errors={errors}
          />
          <Button type="submit" loading={reset.isPending} fullWidth>
            {shared('action.continue')}
          </Button>
          <SlowWaitNotice show={reset.isSlow} onRetry={reset.retry} onCancel={reset.cancel} />
        </Stack>
      </form>
    </>
  );
}

/** Checks the link first (defect 22): a spent one says so without the form. */
function CheckedReset({ token }: { token: string }) {
  const t = useT(accountsMessages);
  const shared = useT(commonMessages);
  const check = useAsyncData(useCallback(() => checkResetToken({ token }), [token]));
  const [spent, setSpent] = useState<string | null>(null);

  const tokenProblem = spent ?? fieldErrors(check.error).token ?? null;
  if (tokenProblem !== null) return <InvalidLink message={tokenProblem} />;
  if (check.data !== undefined) {
    return <ResetForm token={token} account={check.data.email} onInvalidLink={setSpent} />;
  }
  if (check.error !== null) {
    return (
      <Alert color="red" variant="light" title={t('reset.checkFailed')}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{describeError(check.error, t('reset.checkFallback'))}</Text>
          <Button variant="default" onClick={check.retry}>
            {shared('action.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  return (
    <Stack gap="xs">
      <Loader size="sm" role="status" aria-label={t('reset.checking')} />
      <SlowWaitNotice show={check.isSlow} onRetry={check.retry} onCancel={check.cancel} />
    </Stack>
  );
}

export function ResetPasswordScreen() {
  const t = useT(accountsMessages);
  const { token: encodedToken } = useParams();
  // docs/product/accounts-and-sessions.md#passwords-forgot-reset-change: the route carries the token base64-encoded; the server wants it decoded.
  const token = useMemo(() => decodeResetToken(encodedToken), [encodedToken]);

  return (
    <Stack gap="lg">
      <Title order={1}>{t('reset.title')}</Title>
      {token === null ? (
        <InvalidLink message={t('reset.invalid')} />
      ) : (
        <CheckedReset key={token} token={token} />
      )}
    </Stack>
  );
}
