// The styles of the Mantine components only signed-in screens use, loaded with the signed-in
// frame so the sign-in page never downloads them. In the order of Mantine's own styles.css;
// they come after app/styles.ts, as in that order every one of them either comes after the
// public ones it builds on (Combobox after Input) or shares no element with them.
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
// The design system's frame and parts (ui/) bring their own stylesheets with their code.
