import { startCloudApiServer, type CloudApiServer } from '../apps/api/test/cloud-api-server';

/**
 * The e2e server sends WhatsApp through a local server speaking the Cloud API's protocol
 * (apps/api/test/cloud-api-server.ts), which the WhatsApp spec starts on this port with these
 * credentials; the other specs never tick the box, so nothing is sent for them.
 */
const E2E_PORT = Number(process.env.E2E_PORT ?? 3199);
export const CLOUD_API = {
  port: Number(process.env.E2E_WHATSAPP_PORT ?? E2E_PORT + 500),
  token: 'EAAG-e2e-token-0123456789',
  appSecret: 'e2e-app-secret-0123456789',
  verifyToken: 'e2e-verify-token',
};

/** The webServer's WhatsApp configuration. */
export const whatsappEnv = () => ({
  WHATSAPP_TOKEN: CLOUD_API.token, WHATSAPP_PHONE_NUMBER_ID: '106540352242922', WHATSAPP_APP_SECRET: CLOUD_API.appSecret,
  WHATSAPP_VERIFY_TOKEN: CLOUD_API.verifyToken, WHATSAPP_API_URL: `http://127.0.0.1:${CLOUD_API.port}/v21.0`,
  // A refused message is tried again soon, so a spec sees where it ends.
  WHATSAPP_RETRY_BASE_MS: '200', WHATSAPP_MAX_ATTEMPTS: '2',
});

export const startE2eCloudApi = (): Promise<CloudApiServer> => startCloudApiServer(CLOUD_API);
