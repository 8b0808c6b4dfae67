// The styles of every component (see firstScreen.ts). signIn.ts comes first so that, whichever page
// came first, its sheet is never placed after this one and cannot override later components' rules.
import './signIn';
import '@mantine/core/styles.css';
