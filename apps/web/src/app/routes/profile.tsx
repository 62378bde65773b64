import { useState } from 'react';
import { ProfileView } from '../../features/profile/components/profile-view';
import { usePublicConfig } from '../../lib/public-config';
import { useSession, useSignedInUser } from '../../lib/session';

export function ProfileRoute() {
  const user = useSignedInUser();
  const { signOut } = useSession();
  const config = usePublicConfig();
  const [signingOut, setSigningOut] = useState(false);

  // signOut never rejects: a failed call still ends the session and RequireAuth redirects.
  function handleSignOut() {
    setSigningOut(true);
    void signOut();
  }

  return (
    <ProfileView
      user={user}
      config={config.data}
      signingOut={signingOut}
      onSignOut={handleSignOut}
    />
  );
}
