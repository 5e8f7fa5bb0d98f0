import { Anchor, Button, Group, Stack, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CheckboxField } from '@/components/checkbox-field';
import { FormErrorAlert } from '@/components/form-error-alert';
import { Notice } from '@/ui/notice';
import { PasswordField } from '@/components/password-field';
import { SlowWaitNotice } from '@/components/slow-wait-notice';
import { pathTo } from '@/config/routes';
import { commonMessages, useT } from '@/i18n';
import { describeError } from '@/lib/api-error';
import { withRedirect } from '@/lib/auth-redirect';
import { useAppStarted } from '@/lib/use-app-started';
import { useLogin } from '../api/login';
import { EmailField } from '../components/email-field';
import { pathAfterSignIn } from '../lib/path-after-sign-in';
import { signInReferers } from '../lib/sign-in-notices';
import { useSignedInRedirect } from '../lib/use-signed-in-redirect';
import { accountsMessages } from '../messages';
import { useRedirectParam } from '../use-redirect-param';

// What the customer is told after changing or resetting the password (docs/product/routes-and-screens.md#sign-in-screen), or after
// another device signed this one out (defect 21). A Map, so a referer such as "toString"
// cannot pick up an inherited property.
type NoticeKey = 'signIn.changedNotice' | 'signIn.resetNotice' | 'signIn.signedOutElsewhere';
const refererNotices: ReadonlyMap<string, NoticeKey> = new Map([
  [signInReferers.changePassword, 'signIn.changedNotice'],
  [signInReferers.resetPassword, 'signIn.resetNotice'],
  [signInReferers.signedOutElsewhere, 'signIn.signedOutElsewhere'],
]);

type FieldErrors = Partial<Record<'email' | 'password', string>>;

export function SignInScreen() {
  const t = useT(accountsMessages);
  const common = useT(commonMessages);
  const [searchParams] = useSearchParams();
  const referer = searchParams.get('referer');
  const notice = referer !== null ? refererNotices.get(referer) : undefined;
  const redirect = useRedirectParam();
  const navigate = useNavigate();
  const login = useLogin();
  useSignedInRedirect(redirect);
  // The page shows this screen before the app runs (the build prerenders it): until then, a
  // submit would send the form natively, password and all.
  const started = useAppStarted();

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    // Defect 5: an empty field says so under itself, as every other form does; no banner.
    const missing: FieldErrors = {};
    if (email.trim() === '') missing.email = t('field.emailRequired');
    if (password === '') missing.password = t('signIn.passwordRequired');
    setFieldErrors(missing);
    if (Object.keys(missing).length > 0) return;
    login.run(
      { email, password, remember },
      {
        onSuccess: (customer) => {
          void pathAfterSignIn(customer, redirect).then((path) =>
            navigate(path, { replace: true }),
          );
        },
        // docs/product/web-app.md#errors: the server's message, e.g. wrong credentials or too many attempts.
        onError: (error) => setFailure(describeError(error, t('signIn.fallback'))),
      },
    );
  };

  return (
    <Stack gap="lg">
      <Title order={1}>{t('signIn.title')}</Title>
      {notice !== undefined && (
        <Notice role="status" tone={notice === 'signIn.signedOutElsewhere' ? 'info' : 'success'}>
          {t(notice)}
        </Notice>
      )}
      <FormErrorAlert title={t('signIn.failed')} message={failure} />
      {/* POST, never a query string, should the page ever submit it natively. */}
      <form method="post" onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <EmailField
            autoComplete="username"
            value={email}
            onChange={(value) => {
              setEmail(value);
              setFieldErrors(({ email: _, ...rest }) => rest);
            }}
            error={fieldErrors.email}
          />
          <PasswordField
            label={t('field.password')}
            name="password"
            autoComplete="current-password"
            required
            withAsterisk={false}
            value={password}
            onChange={(event) => {
              setPassword(event.currentTarget.value);
              setFieldErrors(({ password: _, ...rest }) => rest);
            }}
            error={fieldErrors.password}
          />
          <Group justify="space-between">
            {/* Sent as `remember`; it has no effect (docs/product/routes-and-screens.md#sign-in-screen). */}
            <CheckboxField
              label={t('signIn.remember')}
              name="remember"
              checked={remember}
              onChange={(event) => setRemember(event.currentTarget.checked)}
            />
            <Anchor component={Link} to={pathTo('forgotPassword')} size="sm">
              {t('signIn.forgot')}
            </Anchor>
          </Group>
          <Button type="submit" loading={login.isPending} disabled={!started} fullWidth>
            {common('action.continue')}
          </Button>
          <SlowWaitNotice show={login.isSlow} onRetry={login.retry} onCancel={login.cancel} />
        </Stack>
      </form>
      <Anchor component={Link} to={withRedirect(pathTo('signUp'), redirect)} ta="center">
        {t('signIn.signUpInstead')}
      </Anchor>
    </Stack>
  );
}
