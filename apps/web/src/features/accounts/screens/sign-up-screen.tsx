import {
  Anchor,
  Button,
  CloseButton,
  Group,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { CheckboxField } from '@/components/checkbox-field';
import { FormErrorAlert } from '@/components/form-error-alert';
import { SlowWaitNotice } from '@/components/slow-wait-notice';
import { pathTo } from '@/config/routes';
import { legalDocuments, MARKETING_SITE_URL } from '@/config/site';
import { countriesMessages, ServedCountriesNote } from '@/features/countries';
import { commonMessages, currentLocale, useT } from '@/i18n';
import { httpStatus } from '@/lib/api-error';
import { withRedirect } from '@/lib/auth-redirect';
import { formErrors } from '@/lib/form-errors';
import { useSignup } from '../api/signup';
import { EmailField } from '../components/email-field';
import { NewPasswordFields } from '../components/new-password-fields';
import type { SignUpState } from '../components/sign-up-email-notice';
import { signUpProblems } from '../lib/sign-up-problems';
import { usePasswordRules } from '../lib/use-password-rules';
import { useSignedInRedirect } from '../lib/use-signed-in-redirect';
import { accountsMessages } from '../messages';
import { useRedirectParam } from '../use-redirect-param';

/** The fields of the form; a 422 names them (docs/product/web-app.md#forms-and-validation). */
const formFields = ['email', 'password', 'confirm_password'] as const;
type FormField = (typeof formFields)[number];

/** The label of the terms checkbox, exactly as docs/product/routes-and-screens.md#sign-up-screen words it. */
export const TERMS_LABEL = 'I agree to privacy policy & terms of service';

function NewTabLink({ href, children }: { href: string; children: ReactNode }) {
  const t = useT(accountsMessages);
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" inherit>
      {children}
      <VisuallyHidden> {t('newTab')}</VisuallyHidden>
    </Anchor>
  );
}

/** The address "Wrong email? Change it" started again from (defect 18), if any. */
function useStartingEmail(): string {
  const state: unknown = useLocation().state;
  const email = (state as Partial<SignUpState> | null)?.email;
  return typeof email === 'string' ? email : '';
}

/** The served countries' words, loaded with the screen so the note appears with the form. */
export const loadSignUpScreenWords = () => countriesMessages.load();

export function SignUpScreen() {
  const t = useT(accountsMessages);
  const shared = useT(commonMessages);
  const redirect = useRedirectParam();
  const navigate = useNavigate();
  const signup = useSignup();
  const termsReasonId = useId();
  useSignedInRedirect(redirect);

  const startingEmail = useStartingEmail();
  const [email, setEmail] = useState(startingEmail);
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<FormField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const passwordRules = usePasswordRules(password, email);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    // Defect 17: every problem at once, each under its field, before anything is sent.
    const problems = signUpProblems({
      email,
      password,
      confirmPassword,
      ...passwordRules,
    });
    setErrors({
      email: problems.email && t(problems.email),
      password: problems.password && t(problems.password),
      confirm_password: problems.confirm_password && t(problems.confirm_password),
    });
    // docs/product/web-app.md#forms-and-validation: the terms must be ticked; the button is disabled until they are, and Enter in a
    // field must not get round that.
    if (!termsAccepted || Object.keys(problems).length > 0) return;
    signup.run(
      { email, password, confirm_password: confirmPassword, locale: currentLocale() },
      {
        onSuccess: () => {
          void navigate(withRedirect(pathTo('onboardingWorkflow'), redirect), { replace: true });
        },
        onError: (error) => {
          const { fields, failure: message } = formErrors(error, formFields, t('signUp.fallback'));
          setErrors(fields);
          setFailure(message);
          // docs/product/web-app.md#errors: any sign-up error other than a 422 is logged; we also say so.
          if (httpStatus(error) !== 422) console.error('Sign-up failed.', error);
        },
      },
    );
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Title order={1}>{t('signUp.title')}</Title>
        <CloseButton
          component="a"
          href={MARKETING_SITE_URL}
          size="lg"
          aria-label={t('signUp.close')}
        />
      </Group>
      {/* Defect 19: where we serve, said before anyone signs up. */}
      <ServedCountriesNote />
      <FormErrorAlert title={t('signUp.failed')} message={failure} />
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <EmailField autoComplete="email" value={email} onChange={setEmail} error={errors.email} />
          <NewPasswordFields
            kind="first"
            password={password}
            confirmation={confirmPassword}
            onPasswordChange={setPassword}
            onConfirmationChange={setConfirmPassword}
            errors={errors}
            commonCheck={passwordRules.common}
            email={email}
          />
          <CheckboxField
            checked={termsAccepted}
            onChange={(event) => setTermsAccepted(event.currentTarget.checked)}
            // The links inside the label add "(opens in a new tab)" for screen readers; the
            // checkbox itself keeps exactly the label the specification gives it.
            aria-label={t('signUp.terms')}
            label={t.rich(
              'signUp.termsWithLinks',
              {},
              {
                privacy: (text) => (
                  <NewTabLink href={legalDocuments.privacyPolicy}>{text}</NewTabLink>
                ),
                terms: (text) => (
                  <NewTabLink href={legalDocuments.termsOfService}>{text}</NewTabLink>
                ),
              },
            )}
          />
          <Button
            type="submit"
            disabled={!termsAccepted}
            loading={signup.isPending}
            fullWidth
            aria-describedby={termsAccepted ? undefined : termsReasonId}
          >
            {shared('action.continue')}
          </Button>
          {/* Defect 23: a disabled Continue says why, next to it. */}
          {!termsAccepted && (
            <Text id={termsReasonId} size="sm" c="dimmed" mt={-8}>
              {t('signUp.termsNeeded')}
            </Text>
          )}
          <SlowWaitNotice show={signup.isSlow} onRetry={signup.retry} onCancel={signup.cancel} />
        </Stack>
      </form>
      <Text ta="center">
        <Anchor component={Link} to={withRedirect(pathTo('signIn'), redirect)}>
          {t('signUp.signInInstead')}
        </Anchor>
      </Text>
    </Stack>
  );
}
