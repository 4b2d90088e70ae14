import { useState } from 'react';
import { storedToken, storeToken } from './api';
import { Editor } from './Editor';
import { Login } from './Login';
import { WorkflowList } from './WorkflowList';

export function App() {
  const [token, setToken] = useState<string | null>(storedToken());
  const [openId, setOpenId] = useState<string | null>(null);

  const logout = () => {
    storeToken(null);
    setToken(null);
    setOpenId(null);
  };

  return (
    <div className="app">
      <header className="topbar">
        <h1>Workflow editor</h1>
        {token && (
          <nav aria-label="Main">
            {openId && (
              <button type="button" onClick={() => setOpenId(null)}>
                All workflows
              </button>
            )}
            <button type="button" onClick={logout}>
              Log out
            </button>
          </nav>
        )}
      </header>
      <main>
        {!token ? (
          <Login
            onLogin={(t) => {
              storeToken(t);
              setToken(t);
            }}
          />
        ) : openId ? (
          <Editor key={openId} workflowId={openId} onDeleted={() => setOpenId(null)} />
        ) : (
          <WorkflowList onOpen={setOpenId} />
        )}
      </main>
    </div>
  );
}
