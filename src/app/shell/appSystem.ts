/**
 * The app's one actor system, as React sees it: the root app actor (src/machines/app/app.machine.ts),
 * created and provided by AppActorsProvider (./AppActors.tsx). The app layer's hooks reach the
 * app-wide actors through it by systemId: `appActor(root, 'auth')`.
 */
import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { appMachine } from '../../machines/app/app.machine';

export type AppRoot = ActorRefFrom<typeof appMachine>;

export const AppRootContext = createContext<AppRoot | null>(null);

/** The root app actor; null outside AppActorsProvider (useAuth says so in the spec's words). */
export const useAppRoot = () => useContext(AppRootContext);
