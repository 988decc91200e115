import { spawn, type ChildProcess } from 'node:child_process';
import { processTree } from './helperPriority';

const started: ChildProcess[] = [];

/**
 * For the tests of helperPriority and pageCore: a shell that starts two idle children, one of them marked
 * `--type=renderer` as Chromium's renderers are, and waits. Returns its pid once the tree holds both.
 */
export async function startFamily(): Promise<number> {
  // The marker is built inside the shell, so that the shell's own command line does not carry it.
  // The renderer is a Node process, which has threads besides its main one, as a renderer has.
  const renderer = `exec -a "node --$t=renderer" "${process.execPath}" -e "setTimeout(() => {}, 31000)"`;
  const shell = spawn('bash', ['-c', `t=type; sleep 30 & ${renderer} & wait`], { stdio: 'ignore' });
  started.push(shell);
  // Both children are forked once the shell runs; wait until the tree holds them.
  for (let i = 0; i < 100 && processTree(shell.pid!).length < 3; i += 1) {
    await new Promise((r) => setTimeout(r, 20));
  }
  return shell.pid!;
}

/** Ends every family started so far (an afterEach). */
export function stopFamilies() {
  for (const child of started.splice(0)) child.kill('SIGKILL');
}
