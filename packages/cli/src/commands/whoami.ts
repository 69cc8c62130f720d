/** `clip whoami`: asks the server who the current credential is. */
import { CliError } from '../errors.ts';
import type { GlobalOptions } from '../globalOptions.ts';
import { printJson, printLine } from '../output.ts';
import { withSession } from '../services/session.ts';

export async function whoami(options: GlobalOptions): Promise<void> {
  await withSession(options, {}, async ({ client, server, auth, source }) => {
    if (auth.type === 'none')
      throw new CliError(`not logged in to ${server}: run \`clip login\` or set CLIP_API_KEY`);
    if (auth.type === 'admin') {
      const { username } = await client.auth.verifyAdminToken();
      if (options.json) return printJson({ server, auth_type: 'admin', source, username });
      return printLine(`${username} (admin) at ${server}`);
    }
    const { permissions, key_info } = await client.auth.verifyApiKey();
    if (options.json) return printJson({ server, auth_type: 'apikey', source, permissions, key_info });
    const granted = Object.entries(permissions)
      .filter(([, on]) => on)
      .map(([name]) => name);
    return printLine(
      `API key "${key_info.name}" (${key_info.id}) at ${server}; permissions: ${granted.join(', ') || 'none'}; base path ${key_info.basic_path}`,
    );
  });
}
