import { DRAWER_BREAKPOINT_PX } from '@normas/contracts/constants';
import { Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { useMediaQuery } from '../../hooks/use-media-query';
import { Spinner } from '../../components/ui/spinner';
import { Drawer } from './drawer';

const DRAWER_ID = 'app-drawer';
const MOBILE_QUERY = `(max-width: ${DRAWER_BREAKPOINT_PX}px)`;

function MenuIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M4 6h16M4 12h16M4 18h16"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}

function ScreenLoading() {
  return (
    <p role="status" className="screen-loading">
      <Spinner /> Carregando…
    </p>
  );
}

/** The signed-in shell: drawer + main area (spec §2 "Shared layout"). */
export function AppLayout() {
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const [open, setOpen] = useState(!isMobile);
  // Crossing the breakpoint restores that side's default (closed on mobile, open above it).
  const [wasMobile, setWasMobile] = useState(isMobile);
  if (wasMobile !== isMobile) {
    setWasMobile(isMobile);
    setOpen(!isMobile);
  }

  const closeOnMobile = () => {
    if (isMobile) setOpen(false);
  };

  return (
    <div
      className="shell"
      data-drawer={open ? 'open' : 'closed'}
      data-layout={isMobile ? 'mobile' : 'desktop'}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && isMobile && open) setOpen(false);
      }}
    >
      <a className="skip-link" href="#conteudo">
        Pular para o conteúdo
      </a>
      <Drawer id={DRAWER_ID} open={open} onNavigate={closeOnMobile} />
      {isMobile && open && (
        <div
          className="drawer-overlay"
          data-testid="drawer-overlay"
          onClick={() => setOpen(false)}
        />
      )}
      <div className="shell-body">
        <header className="topbar">
          <button
            type="button"
            className="icon-button"
            aria-label={open ? 'Fechar menu' : 'Abrir menu'}
            aria-expanded={open}
            aria-controls={DRAWER_ID}
            onClick={() => setOpen((value) => !value)}
          >
            <MenuIcon />
          </button>
          <span className="topbar-title">Assistente de Normas</span>
        </header>
        <main id="conteudo" className="shell-main" tabIndex={-1}>
          {/* The drawer and the top bar stay while a screen's code arrives. */}
          <Suspense fallback={<ScreenLoading />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
