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
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { CheckboxField } from '@/components/checkbox-field';
import { FormErrorAlert } from '@/components/form-error-alert';
import { pathTo, routes } from '@/config/routes';
import { legalDocuments, MARKETING_SITE_URL } from '@/config/site';
import { httpStatus } from '@/lib/api-error';
import { withRedirect } from '@/lib/auth-redirect';
import { formErrors } from '@/lib/form-errors';
import { NewPasswordFields } from '../components/new-password-fields';
import { useSignup } from '../api/signup';
import { EmailField } from '../components/email-field';
import { useRedirectParam } from '../use-redirect-param';

/** The fields of the form; a 422 names them (SPEC §5). */
const formFields = ['email', 'password', 'confirm_password'] as const;

/** The label of the terms checkbox, exactly as SPEC §2 words it. */
export const TERMS_LABEL = 'I agree to privacy policy & terms of service';

function NewTabLink({ href, children }: { href: string; children: string }) {
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" inherit>
      {children}
      <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
    </Anchor>
  );
}

export function SignUpScreen() {
  const redirect = useRedirectParam();
  const navigate = useNavigate();
  const signup = useSignup();

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<(typeof formFields)[number], string>>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // SPEC §5: the terms must be ticked; the button is disabled until they are, and Enter in a
    // field must not get round that.
    if (!termsAccepted) return;
    setErrors({});
    setFailure(null);
    signup.run(
      { email, password, confirm_password: confirmPassword },
      {
        onSuccess: () => {
          void navigate(withRedirect(pathTo('onboardingWorkflow'), redirect), { replace: true });
        },
        onError: (error) => {
          const { fields, failure: message } = formErrors(
            error,
            formFields,
            'We could not create your account. Please try again.',
          );
          setErrors(fields);
          setFailure(message);
          // SPEC §8: any sign-up error other than a 422 is logged; we also say so.
          if (httpStatus(error) !== 422) console.error('Sign-up failed.', error);
        },
      },
    );
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Title order={1}>{routes.signUp.title}</Title>
        <CloseButton
          component="a"
          href={MARKETING_SITE_URL}
          size="lg"
          aria-label="Close and go to the Corridor website"
        />
      </Group>
      <FormErrorAlert title="Registration failed" message={failure} />
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <EmailField autoComplete="email" value={email} onChange={setEmail} error={errors.email} />
          <NewPasswordFields
            label="Password"
            password={password}
            confirmation={confirmPassword}
            onPasswordChange={setPassword}
            onConfirmationChange={setConfirmPassword}
            errors={errors}
          />
          <CheckboxField
            checked={termsAccepted}
            onChange={(event) => setTermsAccepted(event.currentTarget.checked)}
            // The links inside the label add "(opens in a new tab)" for screen readers; the
            // checkbox itself keeps exactly the label the specification gives it.
            aria-label={TERMS_LABEL}
            label={
              <>
                I agree to{' '}
                <NewTabLink href={legalDocuments.privacyPolicy}>privacy policy</NewTabLink> &amp;{' '}
                <NewTabLink href={legalDocuments.termsOfService}>terms of service</NewTabLink>
              </>
            }
          />
          <Button type="submit" disabled={!termsAccepted} loading={signup.isPending} fullWidth>
            Continue
          </Button>
        </Stack>
      </form>
      <Text ta="center">
        <Anchor component={Link} to={withRedirect(pathTo('signIn'), redirect)}>
          Sign in instead
        </Anchor>
      </Text>
    </Stack>
  );
}
