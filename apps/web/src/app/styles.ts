// Mantine per component (not the full styles.css): the files of the components the public
// screens use (sign-in first). The signed-in frame adds the rest (layouts/signed-in-styles.ts).
import '@mantine/core/styles/baseline.css';
// Not default-css-variables.css (27 KB): the build writes the theme's variables into the page,
// the product's palettes only (app/theme-variables.ts).
import '@mantine/core/styles/global.css';
// In the order of Mantine's own styles.css, so later components override earlier ones as there.
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/PinInput.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import './app.css';
