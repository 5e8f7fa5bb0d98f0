import { Button, Group, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { useT } from '@/i18n';
import { CameraIcon, UploadIcon } from './icons';
import { uiMessages } from './messages';
import './file-drop.css';

export interface FileDropProps {
  /** What goes here ("Front of the card", "Your bank statement"); names the buttons too. */
  label: string;
  /** Which files, how large, how many: said under the label. */
  hint?: ReactNode;
  /** The file input's `accept`: types and extensions. */
  accept: string;
  /** Several files at once. */
  multiple?: boolean;
  /** Offer "Take a photo" (the phone's rear camera) where the screen is a touch screen. */
  camera?: boolean;
  disabled?: boolean;
  /** The files chosen or dropped, as they are: checking them is the caller's. */
  onFiles: (files: File[]) => void;
}

/** The image types of an `accept` list, for the camera's input ("image/*" when it names none). */
function imagesOf(accept: string): string {
  const images = accept.split(',').filter((type) => type.trim().startsWith('image/'));
  return images.length > 0 ? images.join(',') : 'image/*';
}

/**
 * Where files are chosen: a button for the file picker, "Take a photo" on touch screens (a
 * second input with `capture`, which opens the camera), and an area to drop files on from a
 * desktop. Keyboard and screen-reader users have the buttons; dropping only adds a way.
 */
export function FileDrop({
  label,
  hint,
  accept,
  multiple = false,
  camera = false,
  disabled = false,
  onFiles,
}: FileDropProps) {
  const t = useT(uiMessages);
  const labelId = useId();
  const picker = useRef<HTMLInputElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const touchScreen = useMediaQuery('(pointer: coarse)', false);
  const count = multiple ? 'many' : 'one';

  const take = (files: FileList | null) => {
    if (files !== null && files.length > 0) onFiles(Array.from(files));
  };
  const dragOver = (event: DragEvent<HTMLDivElement>) => {
    if (disabled) return;
    event.preventDefault();
    setDragging(true);
  };
  const dragLeave = (event: DragEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
  };
  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) take(event.dataTransfer.files);
  };
  const input = (ref: typeof picker, props: { accept: string; capture?: 'environment' }) => (
    <input
      ref={ref}
      type="file"
      hidden
      tabIndex={-1}
      multiple={multiple && props.capture === undefined}
      disabled={disabled}
      onChange={(event) => {
        take(event.currentTarget.files);
        // The same file chosen again (after removing it) is a change too.
        event.currentTarget.value = '';
      }}
      {...props}
    />
  );

  return (
    <div
      className="file-drop"
      role="group"
      aria-labelledby={labelId}
      data-dragging={dragging || undefined}
      data-disabled={disabled || undefined}
      onDragEnter={dragOver}
      onDragOver={dragOver}
      onDragLeave={dragLeave}
      onDrop={drop}
    >
      <span className="file-drop__icon" aria-hidden="true">
        <UploadIcon size={24} />
      </span>
      <Text id={labelId} fw={600}>
        {label}
      </Text>
      {hint !== undefined && (
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      )}
      <Group gap="sm" justify="center">
        <Button onClick={() => picker.current?.click()} disabled={disabled}>
          {t('fileDrop.choose', { count })}
          <VisuallyHidden>: {label}</VisuallyHidden>
        </Button>
        {camera && touchScreen && (
          <Button
            variant="default"
            leftSection={<CameraIcon />}
            onClick={() => cameraInput.current?.click()}
            disabled={disabled}
          >
            {t('fileDrop.camera')}
            <VisuallyHidden>: {label}</VisuallyHidden>
          </Button>
        )}
      </Group>
      {!touchScreen && (
        <Text size="sm" c="dimmed">
          {t('fileDrop.drag', { count })}
        </Text>
      )}
      {input(picker, { accept })}
      {camera && input(cameraInput, { accept: imagesOf(accept), capture: 'environment' })}
    </div>
  );
}
