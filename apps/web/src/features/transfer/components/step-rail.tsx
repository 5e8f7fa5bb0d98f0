import { useT } from '@/i18n';
import { CheckIcon } from '@/ui/icons';
import type { StepName } from '../lib/wizard-steps';
import { transferMessages, type TransferMessageKey } from '../messages';
import './transfer.css';

export const stepTitles: Readonly<Record<StepName, TransferMessageKey>> = {
  recipient: 'step.recipient',
  address: 'step.address',
  verification: 'step.verification',
  review: 'step.review',
};

export interface StepRailProps {
  steps: readonly StepName[];
  current: StepName;
  /** A done step chosen again (docs/product/routes-and-screens.md#transfer-wizard: done steps can be opened again). */
  onShow: (step: StepName) => void;
}

/**
 * Where the customer is: the steps with the done ones checked and clickable, then payment, on
 * wider screens; "Step n of m" on a phone, where the rail would push the step off screen.
 */
export function StepRail({ steps, current, onShow }: StepRailProps) {
  const t = useT(transferMessages);
  const at = steps.indexOf(current);
  // Payment is the step after the wizard (/pay), shown so the customer knows what comes.
  const total = steps.length + 1;
  return (
    <nav aria-label={t('rail.label')} className="transfer-rail">
      <p className="transfer-rail__count">{t('rail.stepOf', { n: at + 1, m: total })}</p>
      <ol className="transfer-rail__steps">
        {steps.map((step, index) => {
          const done = index < at;
          const title = t(stepTitles[step]);
          return (
            <li
              key={step}
              className="transfer-rail__step"
              data-state={done ? 'done' : step === current ? 'current' : 'todo'}
              aria-current={step === current ? 'step' : undefined}
            >
              <span className="transfer-rail__mark" aria-hidden="true">
                {done ? <CheckIcon size={14} /> : index + 1}
              </span>
              {done ? (
                <button type="button" className="transfer-rail__link" onClick={() => onShow(step)}>
                  {title}
                  <span className="transfer-rail__hidden">{t('rail.done')}</span>
                </button>
              ) : (
                <span>{title}</span>
              )}
            </li>
          );
        })}
        <li className="transfer-rail__step" data-state="todo">
          <span className="transfer-rail__mark" aria-hidden="true">
            {total}
          </span>
          <span>{t('step.payment')}</span>
        </li>
      </ol>
    </nav>
  );
}
