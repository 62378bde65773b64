/** Ready-made test accounts offered on the development sign-in page. */
export const DEV_ACCOUNTS = [
  { name: 'Ana Engenheira', email: 'ana@exemplo.com.br' },
  { name: 'Bruno Técnico', email: 'bruno@exemplo.com.br' },
  { name: 'Carla Arquiteta', email: 'carla@exemplo.com.br' },
] as const;

export const SIGN_IN_SCRIPT_PATH = '/dev-auth/sign-in.js';
export const SIGN_IN_STYLE_PATH = '/dev-auth/sign-in.css';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The page's style sheet, served as a file: the CSP allows no inline style or script. */
export const SIGN_IN_STYLE = `
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  * { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #eef2f7; color: #1f2937; }
  main { width: min(440px, 100% - 32px); margin: 24px 0; padding: 28px; background: #fff; border-radius: 12px;
         box-shadow: 0 4px 24px rgb(15 23 42 / 12%); }
  .badge { display: inline-block; margin: 0 0 12px; padding: 2px 10px; border-radius: 999px; background: #fef3c7;
           color: #78350f; font-size: .8rem; font-weight: 600; }
  h1 { margin: 0 0 8px; font-size: 1.35rem; line-height: 1.3; }
  h2 { margin: 24px 0 12px; font-size: 1rem; }
  p { margin: 0 0 16px; color: #374151; line-height: 1.5; }
  ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 8px; }
  button { font: inherit; cursor: pointer; }
  button:disabled { cursor: progress; opacity: .6; }
  .account { width: 100%; display: flex; align-items: center; gap: 12px; padding: 10px 12px; text-align: left;
             background: #fff; color: #1f2937; border: 1px solid #9ca3af; border-radius: 8px; }
  .account:hover { background: #f3f4f6; }
  .avatar { flex: none; width: 32px; height: 32px; display: grid; place-items: center; border-radius: 50%;
            background: #1d4ed8; color: #fff; font-weight: 700; }
  label { display: block; margin: 12px 0 4px; font-weight: 600; }
  input { width: 100%; padding: 10px 12px; font: inherit; color: #111827; border: 1px solid #6b7280; border-radius: 8px; }
  .primary { margin-top: 16px; width: 100%; padding: 10px 12px; background: #1d4ed8; color: #fff; border: 0;
             border-radius: 8px; font-weight: 600; }
  .primary:hover { background: #1e40af; }
  :focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
  #status { min-height: 1.5em; margin: 16px 0 0; color: #b91c1c; font-weight: 600; }
`;

function accountButton(account: { name: string; email: string }): string {
  const label = `${account.name} — ${account.email}`;
  return `<li><button type="button" class="account" data-name="${escapeHtml(account.name)}" data-email="${escapeHtml(account.email)}"><span class="avatar" aria-hidden="true">${escapeHtml(account.name.charAt(0))}</span><span>${escapeHtml(label)}</span></button></li>`;
}

/** The development stand-in for Google's account chooser (no inline script: the CSP forbids it). */
export const SIGN_IN_PAGE_HTML = `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Escolha uma conta Google de teste</title>
<link rel="stylesheet" href="${SIGN_IN_STYLE_PATH}">
<script src="${SIGN_IN_SCRIPT_PATH}" defer></script>
</head>
<body>
<main>
<p class="badge">Ambiente de desenvolvimento</p>
<h1>Escolha uma conta Google de teste</h1>
<p>Este login simula o Google e só existe fora de produção.</p>
<ul aria-label="Contas de teste">
${DEV_ACCOUNTS.map(accountButton).join('\n')}
</ul>
<form id="other-account" novalidate>
<h2>Outra conta</h2>
<label for="name">Nome</label>
<input id="name" name="name" type="text" autocomplete="name" maxlength="120" required>
<label for="email">E-mail</label>
<input id="email" name="email" type="email" autocomplete="email" maxlength="254" required>
<button type="submit" class="primary">Entrar</button>
</form>
<p id="status" role="alert" aria-live="assertive"></p>
</main>
</body>
</html>
`;

/** Gets an ID token for the chosen account and hands it to the window that opened this popup. */
export const SIGN_IN_SCRIPT = `'use strict';
(function () {
  var statusLine = document.getElementById('status');
  var form = document.getElementById('other-account');

  function show(message) { statusLine.textContent = message; }
  function setBusy(busy) {
    document.querySelectorAll('button').forEach(function (b) { b.disabled = busy; });
    document.querySelector('main').setAttribute('aria-busy', String(busy));
  }

  async function signIn(name, email) {
    if (!window.opener || window.opener.closed) {
      show('Abra esta página pelo botão "Continuar com Google" do Assistente de Normas.');
      return;
    }
    show('');
    setBusy(true);
    try {
      var response = await fetch('/api/v1/dev-auth/token', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: name, email: email }),
      });
      var body = await response.json().catch(function () { return null; });
      if (!response.ok || !body || typeof body.idToken !== 'string') {
        show((body && body.message) || 'Não foi possível entrar. Tente novamente.');
        setBusy(false);
        return;
      }
      window.opener.postMessage({ type: 'dev-auth:id-token', idToken: body.idToken }, window.location.origin);
      window.close();
    } catch (error) {
      show('Sem conexão com o servidor. Verifique se a API está rodando e tente novamente.');
      setBusy(false);
    }
  }

  document.querySelectorAll('button.account').forEach(function (button) {
    button.addEventListener('click', function () { signIn(button.dataset.name, button.dataset.email); });
  });
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    signIn(form.elements.name.value, form.elements.email.value);
  });
})();
`;
