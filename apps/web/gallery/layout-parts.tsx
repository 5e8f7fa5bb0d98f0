// The gallery's parts that lay out a screen and show amounts.
import type { Locale } from '@corridor/contracts/wire/locales';
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { AmountField } from '@/ui/amount-field';
import { AppShell, type ShellNavItem } from '@/ui/app-shell';
import { BrandMark } from '@/ui/brand-mark';
import { CurrencySelect } from '@/ui/currency-select';
import { EmptyState } from '@/ui/empty-state';
import { AccountIcon, ListIcon, PeopleIcon, SendIcon } from '@/ui/icons';
import { Money, MoneySkeleton, type MoneySize } from '@/ui/money';
import { PageHeader, PageHeaderSkeleton } from '@/ui/page-header';
import { StatusBadge } from '@/ui/status-badge';
import { Toaster } from '@/ui/toasts';
import { useSample, Part, State } from './gallery-frame';

export function ThemePart() {
  const s = useSample();
  const shades = ['corridor', 'green', 'red', 'gray'];
  return (
    <Part name="Theme" file="app/theme.ts">
      <State label="brand colours" wide>
        <Stack gap={4}>
          {shades.map((color) => (
            <div key={color} className="gallery__swatches">
              {Array.from({ length: 10 }, (_, shade) => (
                <span
                  key={shade}
                  title={`${color}.${shade}`}
                  style={{ background: `var(--mantine-color-${color}-${shade})` }}
                />
              ))}
            </div>
          ))}
        </Stack>
      </State>
      <State label="type scale">
        <Stack gap={4}>
          <Title order={1}>{s('Send money', 'Enviar dinero')}</Title>
          <Title order={2}>{s('Recipients', 'Destinatarios')}</Title>
          <Title order={3}>{s('Personal details', 'Datos personales')}</Title>
          <Text>{s('Body text, 16 px.', 'Texto normal, 16 px.')}</Text>
          <Text size="sm" c="dimmed">
            {s('Dimmed text, AA on every surface.', 'Texto atenuado, AA en cualquier fondo.')}
          </Text>
          <Anchor href="#theme">{s('A link', 'Un enlace')}</Anchor>
        </Stack>
      </State>
      <State label="buttons: primary, secondary, danger, disabled, loading" wide>
        <Group gap="sm">
          <Button>{s('Continue', 'Continuar')}</Button>
          <Button variant="light">{s('Light', 'Suave')}</Button>
          <Button variant="default">{s('Cancel', 'Cancelar')}</Button>
          <Button variant="subtle">{s('Subtle', 'Discreto')}</Button>
          <Button color="red">{s('Sign out', 'Cerrar sesión')}</Button>
          <Button disabled>{s('Disabled', 'Desactivado')}</Button>
          <Button loading>{s('Loading', 'Cargando')}</Button>
        </Group>
      </State>
      <State label="focus ring (Tab to these)">
        <Group gap="sm">
          <Button variant="default">{s('Focus me', 'Enfócame')}</Button>
          <Anchor href="#theme">{s('Or me', 'O a mí')}</Anchor>
        </Group>
      </State>
      <State label="brand mark">
        <Group>
          <BrandMark size={48} />
          <BrandMark />
        </Group>
      </State>
    </Part>
  );
}

export function ShellPart({
  locale,
  scheme,
  withFrames,
}: {
  locale: Locale;
  scheme: string;
  withFrames: boolean;
}) {
  const frame = (width: number, height: number) =>
    withFrames && (
      <iframe
        className="gallery__frame"
        title={`App shell ${width}×${height}`}
        src={`?frame=shell&lang=${locale}&scheme=${scheme}`}
        width={width}
        height={height}
      />
    );
  return (
    <Part name="App shell" file="ui/app-shell.tsx">
      <State label="phone, 390 px: tab bar always in view">{frame(390, 640)}</State>
      <State label="desktop, 1024 px: side bar" wide>
        {frame(1024, 560)}
      </State>
    </Part>
  );
}

/** The shell alone, full page, for the gallery's frames. */
export function ShellPreview() {
  const s = useSample();
  const items: ShellNavItem[] = [
    { key: 'send', label: s('Send', 'Enviar'), to: '#', icon: <SendIcon />, active: true },
    {
      key: 'transactions',
      label: s('Transactions', 'Transacciones'),
      to: '#',
      icon: <ListIcon />,
      active: false,
    },
    {
      key: 'recipients',
      label: s('Recipients', 'Destinatarios'),
      to: '#',
      icon: <PeopleIcon />,
      active: false,
    },
    {
      key: 'account',
      label: s('Account', 'Cuenta'),
      to: '#',
      icon: <AccountIcon />,
      active: false,
    },
  ];
  return (
    <AppShell
      homeTo="#"
      navItems={items}
      accountActions={<Button variant="default">{s('Sign out', 'Cerrar sesión')}</Button>}
      overlays={<Toaster />}
    >
      <PageHeader
        title={s('Send money', 'Enviar dinero')}
        description={s('Your transfers start here.', 'Tus envíos empiezan aquí.')}
        action={<Button>{s('New transfer', 'Nuevo envío')}</Button>}
      />
      <EmptyState
        icon={<SendIcon size={22} />}
        title={s('No transfers yet', 'Todavía no hay envíos')}
        description={s('Your first one takes two minutes.', 'El primero te lleva dos minutos.')}
      />
    </AppShell>
  );
}

export function PageHeaderPart() {
  const s = useSample();
  return (
    <Part name="Page header" file="ui/page-header.tsx">
      <State label="title, description, back link, status, primary action" wide>
        <PageHeader
          title={s('Transaction', 'Transacción')}
          description={s('Sent on 24 November 2026.', 'Enviada el 24 de noviembre de 2026.')}
          backTo="#"
          eyebrow={<StatusBadge label={s('Paid out', 'Entregado')} tone="success" />}
          action={<Button>{s('Send again', 'Enviar de nuevo')}</Button>}
        />
      </State>
      <State label="loading">
        <PageHeaderSkeleton withDescription />
      </State>
    </Part>
  );
}

export function MoneyPart() {
  const sizes: MoneySize[] = ['sm', 'md', 'lg', 'display'];
  return (
    <Part name="Money" file="ui/money.tsx">
      <State label="sizes (display: the amount of a money screen)" wide>
        <Stack gap="xs">
          {sizes.map((size) => (
            <div key={size}>
              <Money amount="1250.5" currency="GBP" size={size} />
            </div>
          ))}
        </Stack>
      </State>
      <State label="currencies and decimals">
        <Stack gap={4}>
          <Money amount="105000" currency="INR" />
          <Money amount="1500" currency="JPY" />
          <Money amount="12.345" currency="KWD" />
          <Money amount="98765432109876543.21" currency="USD" />
        </Stack>
      </State>
      <State label="signed credit, zero, debit">
        <Stack gap={4}>
          <Money amount="25" currency="EUR" signed />
          <Money amount="0" currency="EUR" signed />
          <Money amount="-25" currency="EUR" signed />
        </Stack>
      </State>
      <State label="loading">
        <Stack gap="xs">
          <MoneySkeleton />
          <MoneySkeleton size="display" />
        </Stack>
      </State>
      <State label="error: not a currency code">
        <Money amount="12.5" currency="XYZ1" />
      </State>
    </Part>
  );
}

export function AmountPart() {
  const s = useSample();
  const [value, setValue] = useState('1250.5');
  const [currency, setCurrency] = useState<string | null>('GBP');
  return (
    <Part name="AmountField" file="ui/amount-field.tsx">
      <State label="filled, with a currency select">
        <AmountField
          label={s('You send', 'Envías')}
          currency={currency ?? 'GBP'}
          value={value}
          onChange={(next) => next !== null && setValue(next)}
          currencySection={
            <div className="gallery__currency">
              <CurrencySelect
                label={s('Currency', 'Divisa')}
                currencies={['GBP', 'EUR', 'USD', 'JPY']}
                value={currency}
                onChange={setCurrency}
                compact
              />
            </div>
          }
        />
      </State>
      <State label="empty">
        <AmountField label={s('You send', 'Envías')} currency="EUR" value="" onChange={() => {}} />
      </State>
      <State label="error">
        <AmountField
          label={s('You send', 'Envías')}
          currency="GBP"
          value="9000"
          onChange={() => {}}
          error={s(
            'The most you can send is £5,000.00.',
            'Lo máximo que puedes enviar es 5000,00 £.',
          )}
        />
      </State>
      <State label="disabled">
        <AmountField
          label={s('They get', 'Recibe')}
          currency="INR"
          value="105000"
          onChange={() => {}}
          disabled
        />
      </State>
      <State label="loading">
        <AmountField
          label={s('They get', 'Recibe')}
          currency="INR"
          value=""
          onChange={() => {}}
          loading
        />
      </State>
    </Part>
  );
}
