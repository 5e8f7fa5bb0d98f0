import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { FormErrorAlert } from '@/components/form-error-alert';
import { pathTo, routes } from '@/config/routes';
import { formErrors } from '@/lib/form-errors';
import { useForgotPassword } from '../api/forgot-password';
import { EmailField } from '../components/email-field';

export function ForgotPasswordScreen() {
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
    forgot.run(
      { email },
      {
        // The same message whatever the email (no account enumeration, DESIGN §4).
        onSuccess: ({ message }) => setSent(message),
        onError: (error) => {
          const placed = formErrors(
            error,
            ['email'],
            'We could not send the link. Please try again.',
          );
          setEmailError(placed.fields.email);
          setFailure(placed.failure);
        },
      },
    );
  };

  return (
    <Stack gap="lg">
      <Title order={1}>{routes.forgotPassword.title}</Title>
      {sent !== null && (
        <Alert role="status" color="blue" variant="light">
          {sent}
        </Alert>
      )}
      <FormErrorAlert title="The link could not be sent" message={failure} />
      <Text>
        Enter the email you signed up with and we will send you a link to reset your password.
      </Text>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <EmailField autoComplete="email" value={email} onChange={setEmail} error={emailError} />
          <Button type="submit" loading={forgot.isPending} fullWidth>
            Send reset link
          </Button>
        </Stack>
      </form>
      <Anchor component={Link} to={pathTo('signIn')} ta="center">
        Back to sign in
      </Anchor>
    </Stack>
  );
}
