import { useEffect, useState } from 'react';
import { Editor } from './Editor';
import { Login } from './Login';
import { logout, signedIn } from './session/client';
import { ReloginDialog } from './session/ReloginDialog';
import { onSessionEnded } from './session/relogin';
import { confirmDiscard } from './unsaved';
import { useRoute } from './routing';
import { WorkflowList } from './WorkflowList';

export function App() {
  const [authed, setAuthed] = useState(signedIn());
  const { openId, navigate } = useRoute(confirmDiscard);
  const [waiting, setWaiting] = useState<(() => void)[]>([]);

  useEffect(() => {
    onSessionEnded(() => new Promise<void>((resolve) => setWaiting((w) => [...w, resolve])));
    return () => onSessionEnded(null);
  }, []);

  const signOut = async () => {
    if (!confirmDiscard()) return;
    await logout();
    setAuthed(false);
    navigate(null, { replace: true });
  };

  return (
    <div className="app">
      <header className="topbar">
        <h1>Workflow editor</h1>
        {authed && (
          <nav aria-label="Main">
            {openId && (
              <button type="button" onClick={() => navigate(null)}>
                All workflows
              </button>
            )}
            <button type="button" onClick={() => void signOut()}>
              Log out
            </button>
          </nav>
        )}
      </header>
      <main>
        {!authed ? (
          <Login onLogin={() => setAuthed(true)} allowSignUp />
        ) : openId ? (
          <Editor key={openId} workflowId={openId} onDeleted={() => navigate(null)} />
        ) : (
          <WorkflowList onOpen={(id) => navigate(id)} />
        )}
      </main>
      {waiting.length > 0 && (
        <ReloginDialog
          onDone={() => {
            for (const resolve of waiting) resolve();
            setWaiting([]);
          }}
        />
      )}
    </div>
  );
}
