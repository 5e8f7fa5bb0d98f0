import type { PasswordPolicy } from '@corridor/contracts';
import { Box, Group, Loader, Text, VisuallyHidden } from '@mantine/core';
import { CheckIcon, CrossIcon, DotIcon } from '@/components/status-icons';
import { usePasswordPolicy } from '../api/get-password-policy';
import { evaluatePasswordPolicy, type RuleState } from '../lib/password-policy';

const look: Record<RuleState, { Icon: typeof CheckIcon; color: string; said: string }> = {
  met: { Icon: CheckIcon, color: 'var(--mantine-color-green-9)', said: 'met' },
  unmet: { Icon: CrossIcon, color: 'var(--mantine-color-red-9)', said: 'not met' },
  neutral: { Icon: DotIcon, color: 'var(--mantine-color-gray-7)', said: '' },
};

export interface PasswordRuleListProps {
  policy: PasswordPolicy;
  password: string;
}

/**
 * The enabled rules of the policy, each with a tick (met), a cross (not met) or a dot (nothing
 * typed yet). The state is also said in words for screen readers, never by colour alone.
 */
export function PasswordRuleList({ policy, password }: PasswordRuleListProps) {
  const rules = evaluatePasswordPolicy(policy, password);
  return (
    <Box
      component="ul"
      aria-label="Password requirements"
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
    >
      {rules.map((rule) => {
        const { Icon, color, said } = look[rule.state];
        return (
          <Group component="li" key={rule.name} gap="xs" wrap="nowrap" data-state={rule.state}>
            <Box component="span" display="inline-flex" style={{ color, flexShrink: 0 }}>
              <Icon />
            </Box>
            <Text size="sm" component="span">
              {rule.message}
              {said !== '' && <VisuallyHidden>: {said}</VisuallyHidden>}
            </Text>
          </Group>
        );
      })}
    </Box>
  );
}

/**
 * The live password-policy checklist (SPEC §2, §5) for `password`: a spinner while the policy
 * loads; nothing if it cannot be loaded (only logged, SPEC §8; the server still checks).
 */
export function PasswordPolicyChecklist({ password }: { password: string }) {
  const policy = usePasswordPolicy();
  if (policy.isPending) {
    return <Loader size="sm" role="status" aria-label="Loading the password rules" />;
  }
  if (policy.data === undefined) return null;
  return <PasswordRuleList policy={policy.data} password={password} />;
}
