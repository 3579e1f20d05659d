// The voice tests' tools (tests/e2e/fake-microphone.ts): espeak-ng speaks the fake microphone's
// words, ffmpeg joins them and ffprobe reads back what was recorded. Installs them with apt-get when
// one is missing and we are root on Debian or Ubuntu (a fresh CI machine); says how otherwise.
import { spawnSync } from 'node:child_process';

/** Each tool, the argument that makes it answer and quit, and the Debian package that has it. */
const TOOLS = [
  ['espeak-ng', '--version', 'espeak-ng'],
  ['ffmpeg', '-version', 'ffmpeg'],
  ['ffprobe', '-version', 'ffmpeg'],
];

const answers = (command, arg) => spawnSync(command, [arg], { stdio: 'ignore' }).status === 0;
const missing = () => TOOLS.filter(([command, arg]) => !answers(command, arg));

function run(command, args) {
  console.log(`$ ${command} ${args.join(' ')}`);
  return spawnSync(command, args, { stdio: 'inherit' }).status === 0;
}

let absent = missing();
if (absent.length > 0 && process.getuid?.() === 0 && answers('apt-get', '--version')) {
  const packages = [...new Set(absent.map(([, , pkg]) => pkg))];
  console.log(`Not found: ${absent.map(([command]) => command).join(', ')}. Installing ${packages.join(' ')}.`);
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages]);
  absent = missing();
}
if (absent.length > 0) {
  console.error(`The voice tests need ${absent.map(([command]) => command).join(', ')}: apt-get install -y espeak-ng ffmpeg`);
  process.exit(1);
}
console.log(`Voice test tools: ${TOOLS.map(([command]) => command).join(', ')}`);
