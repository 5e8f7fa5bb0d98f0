import type { PasswordPolicy } from '@corridor/contracts';
import { Box, Group, Loader, Text, VisuallyHidden } from '@mantine/core';
import { SlowWaitNotice } from '@/components/slow-wait-notice';
import { CheckIcon, CrossIcon, DotIcon } from '@/components/status-icons';
import { useT } from '@/i18n';
import { usePasswordPolicy } from '../api/get-password-policy';
import type { CommonPasswordVerdict } from '../api/check-password';
import { evaluatePasswordPolicy, type RuleState } from '../lib/password-policy';
import { personalRuleState } from '../lib/use-password-rules';
import { accountsMessages } from '../messages';

/** A rule's state as the list shows it: the common-password rule may be being checked. */
type ShownState = RuleState | 'checking';

const look: Record<
  ShownState,
  { Icon: typeof CheckIcon; color: string; said: 'checklist.met' | 'checklist.unmet' | null }
> = {
  met: { Icon: CheckIcon, color: 'var(--mantine-color-green-9)', said: 'checklist.met' },
  unmet: { Icon: CrossIcon, color: 'var(--mantine-color-red-9)', said: 'checklist.unmet' },
  neutral: { Icon: DotIcon, color: 'var(--mantine-color-gray-7)', said: null },
  checking: { Icon: DotIcon, color: 'var(--mantine-color-gray-7)', said: null },
};

/** The common-password rule's state: met only once the server said the password is fine. */
function commonRuleState(verdict: CommonPasswordVerdict): ShownState {
  if (verdict === 'fine') return 'met';
  if (verdict === 'common') return 'unmet';
  return verdict === 'checking' ? 'checking' : 'neutral';
}

export interface PasswordRuleListProps {
  policy: PasswordPolicy;
  password: string;
  /** The server's word on the common-password rule; the rule is listed when given. */
  common?: CommonPasswordVerdict;
  /** The customer's email, when known: the password must not contain its name (issue 28). */
  email?: string | undefined;
}

/**
 * The enabled rules of the policy, each with a tick (met), a cross (not met) or a dot (nothing
 * typed yet, or being checked), then the server's common-password rule. The state is also said
 * in words for screen readers, never by colour alone. With the server's rule comes the one that
 * says what "too easy to guess" often means: no product name, no email (issue 28).
 */
export function PasswordRuleList({ policy, password, common, email }: PasswordRuleListProps) {
  const t = useT(accountsMessages);
  const rules: { name: string; message: string; state: ShownState }[] = [
    ...evaluatePasswordPolicy(policy, password),
  ];
  if (common !== undefined) {
    const personal = personalRuleState(password, email);
    rules.push({ name: 'personal', message: t('checklist.personal'), state: personal });
    rules.push({ name: 'common', message: t('checklist.common'), state: commonRuleState(common) });
  }
  return (
    <Box component="ul" aria-label={t('checklist.label')} m={0} p={0} style={{ listStyle: 'none' }}>
      {rules.map((rule) => {
        const { Icon, color, said } = look[rule.state];
        const words = rule.state === 'checking' ? t('checklist.checking') : said && t(said);
        return (
          <Group component="li" key={rule.name} gap="xs" wrap="nowrap" data-state={rule.state}>
            <Box component="span" display="inline-flex" style={{ color, flexShrink: 0 }}>
              <Icon />
            </Box>
            <Text size="sm" component="span">
              {rule.message}
              {words && <VisuallyHidden>: {words}</VisuallyHidden>}
            </Text>
          </Group>
        );
      })}
    </Box>
  );
}

export interface PasswordPolicyChecklistProps {
  password: string;
  /** The server's word on whether the password is too common (useCommonPasswordCheck). */
  common: CommonPasswordVerdict;
  /** The customer's email, when known (the password must not contain its name). */
  email?: string | undefined;
}

/**
 * The live password-policy checklist (docs/product/routes-and-screens.md#sign-up-screen, docs/product/web-app.md#forms-and-validation) for `password`: a spinner while the policy
 * loads, saying so when it takes longer than usual; nothing if it cannot be loaded (only
 * logged, docs/product/web-app.md#errors; the server still checks).
 */
export function PasswordPolicyChecklist({ password, common, email }: PasswordPolicyChecklistProps) {
  const t = useT(accountsMessages);
  const policy = usePasswordPolicy();
  if (policy.isPending) {
    return (
      <div>
        <Loader size="sm" role="status" aria-label={t('checklist.loading')} />
        <SlowWaitNotice show={policy.isSlow} onRetry={policy.retry} onCancel={policy.cancel} />
      </div>
    );
  }
  if (policy.data === undefined) return null;
  return (
    <PasswordRuleList policy={policy.data} password={password} common={common} email={email} />
  );
}
