// Mantine's styles in three parts, each loaded with what it styles:
//   firstScreen.ts  the shell every page shows: header, footer, help box, loader, progress bar (the entry)
//   signIn.ts       the sign-in form (with the sign-in page)
//   all.ts          every component, after signIn.ts (with every other page and the signed-in shell)
// The first two hold per-component files in the order of Mantine's single styles.css, whose rules all.ts
// repeats in that order, so loading them in this order gives the cascade of the single file.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/AppShell.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/nprogress/styles.css';
