import { isLoopbackHost, type Config } from '../../config';

export interface ListenNotice {
  level: 'info' | 'warn';
  message: string;
}

/**
 * What the server says at start about where it listens. While the development identity provider
 * is active anyone who reaches the port could sign in as anyone, so the server listens on this
 * machine only unless HOST says otherwise, and then it says so loudly.
 */
export function listenNotice(config: Config): ListenNotice | undefined {
  if (config.firebase) return undefined;
  if (!isLoopbackHost(config.host)) {
    return {
      level: 'warn',
      message: `ATENÇÃO: provedor de identidade de desenvolvimento ativo e HOST=${config.host}: o servidor aceita conexões de outras máquinas. O provedor só atende pedidos desta máquina, mas o restante do app fica exposto sem login Google real. Configure FIREBASE_PROJECT_ID antes de expor o servidor.`,
    };
  }
  return {
    level: 'info',
    message: config.hostFromEnv
      ? `Provedor de identidade de desenvolvimento ativo: escutando só em ${config.host}.`
      : `Provedor de identidade de desenvolvimento ativo: escutando só em ${config.host} (defina HOST para mudar; configure FIREBASE_PROJECT_ID para o login Google real).`,
  };
}
