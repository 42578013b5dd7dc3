# Completes command lines with the generated zsh completion in a real
# interactive zsh (zsh/zpty): a clean ZDOTDIR whose .zshrc puts the
# completion's folder on fpath and runs compinit, as a user's would. The
# candidates the completion system is given are captured by wrapping the
# compadd builtin (what _describe and _animkit add end up there).
#
# usage: zsh -f zsh_complete.zsh COMPLETIONS_DIR 'LINE' ...
# For each LINE (the words before the cursor), prints "== LINE" and the
# candidates that TAB offers, sorted, one per line. Exit 1 when the shell
# does not come up or a completion does not finish.
emulate -L zsh
setopt err_return no_unset
comp_dir=${1:A}
shift
tmp=$(mktemp -d)
trap 'zpty -d ak 2>/dev/null; rm -rf $tmp' EXIT
cat > $tmp/.zshrc <<RC
fpath=($comp_dir \$fpath)
autoload -Uz compinit
compinit -u -d $tmp/.zcompdump
PROMPT='> '
compadd() {
  # calls that only compute matches (-O, -A, -D) are not what is offered
  if [[ \${@[1,(i)(-|--)]} == *-(O|A|D)\\ * ]]; then builtin compadd "\$@"; return; fi
  local -a hits
  builtin compadd -A hits "\$@"
  print -rl -- \$hits >> $tmp/hits
  builtin compadd "\$@"
}
precmd() { : > $tmp/ready }
RC
zmodload zsh/zpty
wait_for() {
  local i
  for i in {1..200}; do
    [[ -e $1 ]] && return 0
    sleep 0.05
  done
  print -u2 "zsh_complete: timed out waiting for ${1:t}"
  return 1
}
export ZDOTDIR=$tmp TERM=dumb
zpty ak zsh -i
wait_for $tmp/ready
for line in "$@"; do
  rm -f $tmp/hits $tmp/ready
  : > $tmp/hits
  zpty -w -n ak "$line"$'\t'
  # a new command line after the TAB: the completion has finished
  zpty -w ak $'\C-e\C-u'
  wait_for $tmp/ready
  print -r -- "== $line"
  sort -u $tmp/hits
done
