/**
 * React 18+ has useSyncExternalStore built in; @xstate/react and wouter still import the package's shim, which
 * carries a fallback for React 17 that never runs here. vite.config.ts points the shim at this file
 * (and the shim's with-selector at the package's React-18 build), saving its bytes on the landing page.
 */
export { useSyncExternalStore } from 'react';
