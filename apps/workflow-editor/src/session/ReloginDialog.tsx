import { Login } from '../Login';

/** A modal sign-in over the editor: the session ended, the unsaved work stays. */
export function ReloginDialog({ onDone }: { onDone: () => void }) {
  return (
    <div className="dialog-backdrop">
      <Login
        onLogin={onDone}
        title="Session ended"
        submit="Log in and continue"
        className="card dialog"
        dialog
      >
        <p>Log in again to continue. Your unsaved changes are kept.</p>
      </Login>
    </div>
  );
}
