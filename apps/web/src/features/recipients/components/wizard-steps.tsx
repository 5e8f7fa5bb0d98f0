import type { PayoutChannel, PayoutMethod, PayoutTarget, RecipientType } from '@corridor/contracts';
import { Stack, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { countryName } from '@/features/countries';
import { useT } from '@/i18n';
import { ChoiceList, type Choice } from '@/ui/choice-list';
import { CountryFlag } from '@/ui/country-flag';
import { SearchIcon } from '@/ui/icons';
import { InitialsAvatar } from '@/ui/initials-avatar';
import { rankOptions } from '@/ui/search-options';
import { recipientsMessages } from '../messages';
import { StepHeading } from './step-heading';
import {
  Loaded,
  StepLoading,
  useAutomaticChoice,
  type Loadable,
  type StepProps,
} from './wizard-step-parts';

export interface TargetStepProps extends StepProps {
  targets: Loadable<PayoutTarget[]>;
  /** The target to start from (the transfer wizard's quote), while it still applies. */
  initial: { countryId: string; currencyId: string } | null;
  chosen: PayoutTarget | null;
  onChoose: (target: PayoutTarget, shown: boolean) => void;
}

const targetKey = (target: PayoutTarget) => `${target.country.id}:${target.currency.id}`;

function TargetChoices({
  targets,
  chosen,
  onChoose,
  headingOrder,
}: Omit<TargetStepProps, 'targets' | 'initial'> & { targets: PayoutTarget[] }) {
  const t = useT(recipientsMessages);
  const [query, setQuery] = useState('');
  const named = useMemo(
    () =>
      targets.map((target) => ({
        target,
        country: countryName(target.country, t.locale),
      })),
    [targets, t.locale],
  );
  const shown = useMemo(() => {
    const options = named.map(({ target, country }) => ({
      value: targetKey(target),
      label: country,
      keywords: [
        target.currency.code,
        target.currency.common_name,
        target.country.common_name,
        target.country.iso2_alpha,
      ],
    }));
    const found = new Set(rankOptions(options, query).map((option) => option.value));
    return named.filter(({ target }) => found.has(targetKey(target)));
  }, [named, query]);
  const choices: Choice[] = shown.map(({ target, country }) => ({
    value: targetKey(target),
    icon: <CountryFlag iso2={target.country.iso2_alpha} size={20} />,
    title: country,
    hint: target.currency.code,
    description: target.currency.common_name,
  }));
  return (
    <Stack gap="md">
      <StepHeading
        order={headingOrder}
        title={t('wizard.target.title')}
        description={t('wizard.target.description')}
      />
      <TextInput
        type="search"
        label={t('wizard.target.search')}
        leftSection={<SearchIcon />}
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        autoComplete="off"
        spellCheck={false}
      />
      <ChoiceList
        label={t('wizard.target.list')}
        choices={choices}
        value={chosen === null ? null : targetKey(chosen)}
        onChoose={(value) => {
          const target = targets.find((candidate) => targetKey(candidate) === value);
          if (target !== undefined) onChoose(target, true);
        }}
        emptyMessage={
          targets.length === 0 ? t('wizard.target.none') : t('wizard.target.noMatch', { query })
        }
      />
    </Stack>
  );
}

/** Step 1: where the money goes, a country and its currency (searchable). */
export function TargetStep({ targets, initial, chosen, onChoose, headingOrder }: TargetStepProps) {
  const t = useT(recipientsMessages);
  const list = targets.data;
  const automatic =
    list === undefined
      ? undefined
      : (list.find(
          (target) =>
            initial !== null &&
            target.country.id === initial.countryId &&
            target.currency.id === initial.currencyId,
        ) ?? (list.length === 1 ? list[0] : undefined));
  const skipped = useAutomaticChoice(automatic, (target) => onChoose(target, false));
  return (
    <Loaded query={targets} loading={t('wizard.target.loading')} failed={t('wizard.target.failed')}>
      {(data) =>
        skipped ? (
          <StepLoading label={t('wizard.method.loading')} />
        ) : (
          <TargetChoices
            targets={data}
            chosen={chosen}
            onChoose={onChoose}
            headingOrder={headingOrder}
          />
        )
      }
    </Loaded>
  );
}

export interface MethodStepProps extends StepProps {
  target: PayoutTarget;
  methods: Loadable<PayoutMethod[]>;
  initial: string | null;
  chosen: PayoutMethod | null;
  onChoose: (method: PayoutMethod, shown: boolean) => void;
}

/** Step 2: how the recipient receives the money there. */
export function MethodStep({
  target,
  methods,
  initial,
  chosen,
  onChoose,
  headingOrder,
}: MethodStepProps) {
  const t = useT(recipientsMessages);
  const list = methods.data;
  const automatic =
    list === undefined
      ? undefined
      : (list.find((method) => method.id === initial) ?? (list.length === 1 ? list[0] : undefined));
  const skipped = useAutomaticChoice(automatic, (method) => onChoose(method, false));
  const country = countryName(target.country, t.locale);
  return (
    <Loaded query={methods} loading={t('wizard.method.loading')} failed={t('wizard.method.failed')}>
      {(data) =>
        skipped ? (
          <StepLoading label={t('wizard.form.loading')} />
        ) : (
          <Stack gap="md">
            <StepHeading
              order={headingOrder}
              title={t('wizard.method.title')}
              description={t('wizard.method.description', { country })}
            />
            <ChoiceList
              label={t('wizard.method.list')}
              value={chosen?.id ?? null}
              choices={data.map((method) => ({
                value: method.id,
                // The title's initial, as the original drew it.
                icon: (
                  <InitialsAvatar
                    name={method.title.split(/\s+/u)[0] ?? method.title}
                    seed={method.code}
                    size={36}
                  />
                ),
                title: method.title,
                description: method.description,
                meta: t('wizard.method.forRecipient', {
                  country,
                  currency: target.currency.code,
                }),
              }))}
              onChoose={(value) => {
                const method = data.find((candidate) => candidate.id === value);
                if (method !== undefined) onChoose(method, true);
              }}
              emptyMessage={t('wizard.method.none', { country })}
            />
          </Stack>
        )
      }
    </Loaded>
  );
}

export interface TypeStepProps extends StepProps {
  channel: Loadable<PayoutChannel>;
  chosen: RecipientType | null;
  onChoose: (type: RecipientType, shown: boolean) => void;
}

/** Step 3: a person or a business, unless the channel says which. */
export function TypeStep({ channel, chosen, onChoose, headingOrder }: TypeStepProps) {
  const t = useT(recipientsMessages);
  const skipped = useAutomaticChoice(
    channel.data?.configuration.recipient_type ?? undefined,
    (type) => onChoose(type, false),
  );
  return (
    <Loaded query={channel} loading={t('wizard.form.loading')} failed={t('wizard.form.failed')}>
      {() =>
        skipped ? (
          <StepLoading label={t('wizard.form.loading')} />
        ) : (
          <Stack gap="md">
            <StepHeading order={headingOrder} title={t('wizard.type.title')} />
            <ChoiceList
              label={t('wizard.type.list')}
              value={chosen}
              choices={[
                {
                  value: 'individual',
                  title: t('wizard.type.individual'),
                  description: t('wizard.type.individualHint'),
                },
                {
                  value: 'business',
                  title: t('wizard.type.business'),
                  description: t('wizard.type.businessHint'),
                },
              ]}
              onChoose={(value) => onChoose(value === 'business' ? 'business' : 'individual', true)}
            />
          </Stack>
        )
      }
    </Loaded>
  );
}
