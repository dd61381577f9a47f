/**
 * The auth seam the shell and routes use. Issue 3 puts the auth statechart behind it; until then
 * every visitor counts as signed out.
 */
import { createContext, useContext, type ReactNode } from 'react';

export interface AuthView {
  /** 'checking' while the session is read at start-up. */
  status: 'checking' | 'signedIn' | 'signedOut';
  email: string | null;
}

const AuthContext = createContext<AuthView | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  return <AuthContext.Provider value={{ status: 'signedOut', email: null }}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthView {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}
