// The gallery's parts that tell the customer where things stand.
import { Button, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { CheckboxField } from '@/components/checkbox-field';
import { ColorSchemeSwitch } from '@/ui/color-scheme-switch';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { CopyButton } from '@/ui/copy-button';
import { EmptyState } from '@/ui/empty-state';
import { PeopleIcon } from '@/ui/icons';
import { LoadError } from '@/ui/load-error';
import { StatusBadge, type Tone } from '@/ui/status-badge';
import { Timeline, TimelineSkeleton, type TimelineStep } from '@/ui/timeline';
import { showToast, Toaster, ToastView } from '@/ui/toasts';
import { UnreachablePanel } from '@/ui/unreachable-panel';
import { useSample, Part, State } from './gallery-frame';

export function BadgePart() {
  const s = useSample();
  const tones: [Tone, string][] = [
    ['success', s('Paid out', 'Entregado')],
    ['warning', s('Waiting for payment', 'Esperando el pago')],
    ['danger', s('Payout failed', 'Entrega fallida')],
    ['info', s('Converting', 'Convirtiendo')],
    ['neutral', s('Cancelled', 'Cancelado')],
  ];
  return (
    <Part name="Status badge" file="ui/status-badge.tsx">
      <State label="every tone" wide>
        <Group gap="sm">
          {tones.map(([tone, label]) => (
            <StatusBadge key={tone} tone={tone} label={label} />
          ))}
        </Group>
      </State>
      <State label="without icon">
        <StatusBadge tone="info" label={s('This device', 'Este dispositivo')} withoutIcon />
      </State>
    </Part>
  );
}

export function TimelinePart() {
  const s = useSample();
  const steps: TimelineStep[] = [
    {
      id: '1',
      label: s('Transfer created', 'Envío creado'),
      state: 'done',
      at: '2026-11-24T14:05:00Z',
    },
    {
      id: '2',
      label: s('We received your money', 'Recibimos tu dinero'),
      state: 'done',
      at: '2026-11-24T14:09:00Z',
    },
    {
      id: '3',
      label: s('Converting to INR', 'Convirtiendo a INR'),
      state: 'current',
      description: s('Usually takes a few minutes.', 'Suele tardar unos minutos.'),
    },
    { id: '4', label: s('Paid out', 'Entregado'), state: 'upcoming' },
  ];
  return (
    <Part name="Timeline" file="ui/timeline.tsx">
      <State label="in progress">
        <Timeline label={s('Transfer progress', 'Progreso del envío')} steps={steps} />
      </State>
      <State label="failed step">
        <Timeline
          label={s('Transfer progress', 'Progreso del envío')}
          steps={[
            steps[0] as TimelineStep,
            {
              id: 'x',
              label: s('Payout failed', 'Entrega fallida'),
              state: 'failed',
              at: '2026-11-24T15:00:00Z',
            },
          ]}
        />
      </State>
      <State label="empty">
        <Timeline label="" steps={[]} />
      </State>
      <State label="loading">
        <TimelineSkeleton />
      </State>
    </Part>
  );
}

export function EmptyPart() {
  const s = useSample();
  return (
    <Part name="Empty state" file="ui/empty-state.tsx">
      <State label="with its one action">
        <EmptyState
          icon={<PeopleIcon size={22} />}
          title={s('No recipients yet', 'Todavía no hay destinatarios')}
          description={s('Add the people you send money to.', 'Añade a quienes les envías dinero.')}
          action={<Button>{s('Add a recipient', 'Añadir un destinatario')}</Button>}
        />
      </State>
      <State label="text only">
        <EmptyState title={s('Nothing here yet', 'Aquí no hay nada todavía')} />
      </State>
    </Part>
  );
}

export function DialogPart() {
  const s = useSample();
  const [open, setOpen] = useState<'plain' | 'danger' | 'pending' | 'error' | null>(null);
  return (
    <Part name="Confirm dialog" file="ui/confirm-dialog.tsx">
      <State label="open each state" wide>
        <Group gap="sm">
          <Button variant="default" onClick={() => setOpen('plain')}>
            {s('Plain', 'Normal')}
          </Button>
          <Button variant="default" onClick={() => setOpen('danger')}>
            {s('Danger', 'Peligro')}
          </Button>
          <Button variant="default" onClick={() => setOpen('pending')}>
            {s('Pending', 'En curso')}
          </Button>
          <Button variant="default" onClick={() => setOpen('error')}>
            {s('Failed', 'Fallido')}
          </Button>
        </Group>
        <ConfirmDialog
          opened={open !== null}
          title={
            open === 'plain'
              ? s('Save this recipient?', '¿Guardar este destinatario?')
              : s(
                  'Sign out of all other devices?',
                  '¿Cerrar sesión en todos los demás dispositivos?',
                )
          }
          confirmLabel={open === 'plain' ? s('Save', 'Guardar') : s('Sign out', 'Cerrar sesión')}
          tone={open === 'plain' ? 'primary' : 'danger'}
          pending={open === 'pending'}
          error={
            open === 'error'
              ? s(
                  'Nothing was signed out. Please try again.',
                  'No se cerró ninguna sesión. Inténtalo de nuevo.',
                )
              : null
          }
          onConfirm={() => setOpen(null)}
          onClose={() => setOpen(null)}
        >
          {s(
            'Every device but this one will be signed out straight away.',
            'Se cerrará la sesión de inmediato en todos los dispositivos menos en este.',
          )}
        </ConfirmDialog>
      </State>
    </Part>
  );
}

export function CopyPart() {
  const s = useSample();
  return (
    <Part name="Copy button" file="ui/copy-button.tsx">
      <State label="ready (click: copied)">
        <Group gap="sm">
          <code>CR-7F3K-29QX</code>
          <CopyButton value="CR-7F3K-29QX" what={s('reference', 'la referencia')} />
        </Group>
      </State>
      <State label="disabled: nothing to copy">
        <CopyButton value="" what={s('reference', 'la referencia')} />
      </State>
    </Part>
  );
}

export function ToastPart() {
  const s = useSample();
  const tones = ['success', 'info', 'warning', 'danger'] as const;
  return (
    <Part name="Toasts" file="ui/toasts.tsx">
      <State label="every tone" wide>
        <ul className="gallery__toasts">
          {tones.map((tone) => (
            <li key={tone} className="toast" data-tone={tone}>
              <ToastView
                tone={tone}
                title={tone === 'danger' ? s('Not saved', 'Sin guardar') : undefined}
                message={s('Your address has been saved.', 'Se guardó tu dirección.')}
                onDismiss={() => {}}
              />
            </li>
          ))}
        </ul>
      </State>
      <State label="live (bottom right)">
        <Button
          variant="default"
          onClick={() =>
            showToast({ message: s('Copied to the clipboard.', 'Copiado al portapapeles.') })
          }
        >
          {s('Show a toast', 'Mostrar un aviso')}
        </Button>
        <Toaster />
      </State>
    </Part>
  );
}

export function ErrorPart() {
  const s = useSample();
  return (
    <Part name="Load error and can't-reach panel" file="ui/load-error.tsx">
      <State label="a failed load, with Retry">
        <LoadError
          title={s('We could not load your devices', 'No pudimos cargar tus dispositivos')}
          message={s('Something went wrong on our side.', 'Algo salió mal por nuestra parte.')}
          onRetry={() => {}}
        />
      </State>
      <State label="retrying">
        <LoadError
          title={s('We could not load your devices', 'No pudimos cargar tus dispositivos')}
          message={s('Something went wrong on our side.', 'Algo salió mal por nuestra parte.')}
          onRetry={() => {}}
          retrying
        />
      </State>
      <State label="offline: the next screen could not be downloaded" wide>
        <div className="gallery__static">
          <UnreachablePanel retrying={false} onRetry={() => {}} onCancel={() => {}} />
        </div>
      </State>
      <State label="offline, retrying" wide>
        <div className="gallery__static">
          <UnreachablePanel retrying onRetry={() => {}} onCancel={() => {}} />
        </div>
      </State>
    </Part>
  );
}

export function ControlsPart() {
  const s = useSample();
  const [checked, setChecked] = useState(true);
  return (
    <Part name="Checkbox and appearance switch" file="components/checkbox-field.tsx">
      <State label="checkbox: checked, error, disabled">
        <Stack gap="sm">
          <CheckboxField
            label={s('Remember this device', 'Recordar este dispositivo')}
            checked={checked}
            onChange={(event) => setChecked(event.currentTarget.checked)}
          />
          <CheckboxField
            label={s('I accept the terms', 'Acepto las condiciones')}
            checked={false}
            onChange={() => {}}
            error={s('Accept the terms to continue.', 'Acepta las condiciones para continuar.')}
          />
          <CheckboxField
            label={s('Disabled', 'Desactivado')}
            checked={false}
            onChange={() => {}}
            disabled
          />
        </Stack>
      </State>
      <State label="appearance (settings)">
        <ColorSchemeSwitch />
      </State>
    </Part>
  );
}
