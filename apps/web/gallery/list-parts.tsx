// The gallery's parts that list things: people, choices, facts and pages of them.
import { Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { ChoiceList } from '@/ui/choice-list';
import { CountryFlag } from '@/ui/country-flag';
import { DefinitionList } from '@/ui/definition-list';
import { InitialsAvatar } from '@/ui/initials-avatar';
import { Pager } from '@/ui/pager';
import { useSample, Part, State } from './gallery-frame';

export function AvatarPart() {
  const names = ['Ada Lovelace', 'Chidi Okafor', 'María José Pérez', 'Nguyễn Văn An', '李小龙'];
  return (
    <Part name="InitialsAvatar" file="ui/initials-avatar.tsx">
      <State label="rotating tones" wide>
        <Group gap="sm">
          {names.map((name) => (
            <InitialsAvatar key={name} name={name} />
          ))}
        </Group>
      </State>
      <State label="small and large">
        <Group gap="sm" align="center">
          <InitialsAvatar name="Ada Lovelace" size={28} />
          <InitialsAvatar name="Ada Lovelace" size={56} />
        </Group>
      </State>
    </Part>
  );
}

export function ChoicePart() {
  const s = useSample();
  const [chosen, setChosen] = useState<string | null>('ph');
  return (
    <Part name="ChoiceList" file="ui/choice-list.tsx">
      <State label="with icons, hints and a current choice" wide>
        <ChoiceList
          label={s('Countries', 'Países')}
          value={chosen}
          onChoose={setChosen}
          choices={[
            {
              value: 'in',
              icon: <CountryFlag iso2="IN" size={20} />,
              title: s('India', 'India'),
              hint: 'INR',
              description: s('Indian rupee', 'Rupia india'),
            },
            {
              value: 'ph',
              icon: <CountryFlag iso2="PH" size={20} />,
              title: s('Philippines', 'Filipinas'),
              hint: 'PHP',
              description: s('Philippine peso', 'Peso filipino'),
            },
          ]}
        />
      </State>
      <State label="with a detail line">
        <ChoiceList
          label={s('Delivery methods', 'Métodos de entrega')}
          onChoose={() => undefined}
          choices={[
            {
              value: 'wallet',
              icon: <InitialsAvatar name={s('Mobile wallet', 'Monedero móvil')} size={36} />,
              title: s('Mobile wallet', 'Monedero móvil'),
              description: s('In minutes.', 'En minutos.'),
              meta: s(
                'For your recipient in the Philippines to receive PHP',
                'Para que tu destinatario en Filipinas reciba PHP',
              ),
            },
          ]}
        />
      </State>
      <State label="nothing to choose">
        <ChoiceList
          label={s('Countries', 'Países')}
          choices={[]}
          onChoose={() => undefined}
          emptyMessage={s('Nothing matches “xyz”.', 'Nada coincide con «xyz».')}
        />
      </State>
    </Part>
  );
}

export function DefinitionPart() {
  const s = useSample();
  return (
    <Part name="DefinitionList" file="ui/definition-list.tsx">
      <State label="facts, a long value wrapping" wide>
        <DefinitionList
          items={[
            { term: s('Name', 'Nombre'), description: 'Jan Kowalski' },
            { term: s('Bank', 'Banco'), description: 'PKO Bank Polski' },
            { term: 'IBAN', description: 'PL61 1090 1014 0000 0712 1981 2874' },
            { term: s('Mobile number', 'Número de móvil'), description: '+63 9171234567' },
          ]}
        />
      </State>
    </Part>
  );
}

export function PagerPart() {
  const [page, setPage] = useState(2);
  return (
    <Part name="Pager" file="ui/pager.tsx">
      <State label="a middle page" wide>
        <Stack>
          <Pager page={page} totalPages={5} onChange={setPage} />
        </Stack>
      </State>
      <State label="loading the next page">
        <Pager page={1} totalPages={3} onChange={() => undefined} pending />
      </State>
    </Part>
  );
}
