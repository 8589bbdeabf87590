// Vitest setup file (vitest.config.ts): after each test file, the temporary folders shared helpers made
// for it are removed (test/support/temp-folders.ts), so the suite leaves the temp folder as it found it.
import { afterAll } from 'vitest';
import { removeTempFolders } from '../support/temp-folders';

afterAll(removeTempFolders);
