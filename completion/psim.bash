# completion/psim.bash: bash completion for psim(1).
#
# Source it (". completion/psim.bash"), or let bash-completion load it:
# make install puts it in its completions directory, named psim.  It
# takes every list from the psim being completed (the command word when
# it is a path to one, such as src/psim, else psim on PATH), one run of
# it a TAB: the commands (psim keys --commands) for the first word, and
# after a command psim keys --complete COMMAND: its options, what each
# takes and the values of those that take one of a list, the scenario's
# key paths, the values of the keys that take one of a list, the
# shipped scenarios' names and the commands.  A new command, option or
# key needs no edit here.  Plain bash 4: bash-completion's helpers are
# not needed.
#
#   psim <TAB>                      the commands
#   psim run --set strategy.sh<TAB> strategy.shards=
#   psim run -s strategy.sync=a<TAB>  strategy.sync=async
#   psim sweep --v<TAB>             --vary (a command's long options)
#   psim run scenarios/s<TAB>       scenario files (*.json) and folders
#   psim run seed-<TAB>             a shipped scenario by name too
#   psim run --format j<TAB>        json (an option's values, if a list)
#   psim help ru<TAB>               run
#
# A key path completes one level at a time: "faults." before
# "faults.preemption.", "strategy.shards=" at a key that takes a value,
# and an array's element as the index typed ("jobs.1.") or 0.

# _psim_load PSIM COMMAND: psim keys --complete COMMAND, once, into the
# caller's _psim_opts ("NAME WHAT [CHOICE...]" lines), _psim_keys,
# _psim_vals (PATH=VALUE), _psim_scen and _psim_cmds.
_psim_load() {
	local line part=""

	while IFS= read -r line; do
		case $line in
		'[options]') part=opts ;;
		'[keys]') part=keys ;;
		'[values]') part=vals ;;
		'[scenarios]') part=scen ;;
		'[commands]') part=cmds ;;
		*)	case $part in
			opts) _psim_opts+=("$line") ;;
			keys) _psim_keys+=("$line") ;;
			vals) _psim_vals+=("$line") ;;
			scen) _psim_scen+=("$line") ;;
			cmds) _psim_cmds+=("$line") ;;
			esac ;;
		esac
	done < <("$1" keys --complete "$2" 2>/dev/null)
}

# _psim_split: the line up to the cursor in words split at blanks only,
# into _psim_w (the caller's); the last is the word being completed, ""
# after a blank.  (COMP_WORDS splits at COMP_WORDBREAKS, "=" and ":" too.)
_psim_split() {
	local line=${COMP_LINE:0:COMP_POINT}

	read -r -a _psim_w <<<"$line"
	if [[ -z $line || $line == *[[:blank:]] ]]; then
		_psim_w+=("")
	fi
}

# _psim_reply WORD CANDIDATE...: add to COMPREPLY each candidate that
# starts with WORD, without the part of WORD up to its last
# COMP_WORDBREAKS character: bash replaces only what follows it ("a" of
# "--set strategy.sync=a").
_psim_reply() {
	local word=$1 breaks=${COMP_WORDBREAKS-$' \t\n"\'><=;|&(:'} c i
	shift
	for ((i = ${#word} - 1; i >= 0; i--)); do
		[[ $breaks == *"${word:i:1}"* ]] && break
	done
	for c in "$@"; do
		[[ $c == "$word"* ]] && COMPREPLY+=("${c:i+1}")
	done
}

# _psim_nospace: no space after the completion (a key path goes on).
_psim_nospace() {
	compopt -o nospace 2>/dev/null
}

# _psim_dots PATH: PATH's components, split at ".", into _psim_c (the
# caller's); "a." gives "a" and "".
_psim_dots() {
	local rest=$1

	_psim_c=()
	while [[ $rest == *.* ]]; do
		_psim_c+=("${rest%%.*}")
		rest=${rest#*.}
	done
	_psim_c+=("$rest")
}

# _psim_paths PREFIX WORD: the key paths (_psim_keys) that WORD begins
# (PREFIX, such as "--set=", before it), one level at a time: "a.b."
# for an object, "a.b=" for a key that takes a value (an object too,
# when it takes one of a list: "network="); N, an array's element, as
# the index WORD gives, or 0.
_psim_paths() {
	local prefix=$1 word=$2 key line k w out i n
	local -a keys kp wp cands _psim_c
	local -A parent listed seen

	keys=("${_psim_keys[@]}")
	for key in "${keys[@]}"; do	# objects, arrays of objects
		[[ $key == *.* ]] || continue
		key=${key%.*}
		parent[$key]=1 parent[${key%.N}]=1
	done
	for line in "${_psim_vals[@]}"; do
		listed[${line%%=*}]=1
	done
	_psim_dots "$word"
	wp=("${_psim_c[@]}")
	n=$((${#wp[@]} - 1))	# the component being typed
	for key in "${keys[@]}"; do
		_psim_dots "$key"
		kp=("${_psim_c[@]}")
		((${#kp[@]} > n)) || continue
		out=""
		for ((i = 0; i <= n; i++)); do
			k=${kp[i]} w=${wp[i]}
			if [[ $k == N && ( -z $w || $w =~ ^[0-9]+$ ) ]]; then
				k=${w:-0}
			elif ((i < n)) && [[ $k != "$w" ]]; then
				continue 2
			fi
			out+=${out:+.}$k
		done
		if ((${#kp[@]} > n + 1)); then
			out+=.
		elif [[ -z ${parent[$key]} || -n ${listed[$key]} ]]; then
			out+='='
		else
			continue	# an object: its keys, above
		fi
		[[ -n ${seen[$out]} ]] && continue
		seen[$out]=1
		cands+=("$prefix$out")
	done
	_psim_reply "$prefix$word" "${cands[@]}"
	_psim_nospace
}

# _psim_key PREFIX WORD: WORD completed as PATH=VALUE: a key path, or
# after "=" one of the key's values (_psim_vals).
_psim_key() {
	local prefix=$1 word=$2 path generic c line
	local -a cands _psim_c

	if [[ $word != *=* ]]; then
		_psim_paths "$prefix" "$word"
		return
	fi
	path=${word%%=*}
	_psim_dots "$path"	# the key as psim keys lists it: indices as N
	generic=""
	for c in "${_psim_c[@]}"; do
		[[ $c =~ ^[0-9]+$ ]] && c=N
		generic+=${generic:+.}$c
	done
	for line in "${_psim_vals[@]}"; do
		[[ $line == "$generic="* ]] &&
		    cands+=("$prefix$path=${line#*=}")
	done
	_psim_reply "$prefix$word" "${cands[@]}"
}

# _psim_files WORD [dir|any]: the scenario files (*.json) and folders
# WORD begins; with dir the folders only, with any every file.
_psim_files() {
	local -a f d

	compopt -o filenames 2>/dev/null
	case $2 in
	dir)	mapfile -t f < <(compgen -d -- "$1") ;;
	any)	mapfile -t f < <(compgen -f -- "$1") ;;
	*)	mapfile -t d < <(compgen -d -- "$1")
		mapfile -t f < <(compgen -f -X '!*.json' -- "$1")
		f+=("${d[@]}") ;;
	esac
	_psim_reply "$1" "${f[@]}"
}

# _psim_value WHAT PREFIX WORD [CHOICE...]: WORD as the value of an
# option that takes WHAT (psim keys --options: key, file, dir, command
# or value, the value one of the CHOICEs when there are any).
_psim_value() {
	local what=$1 prefix=$2 word=$3 c
	local -a cands

	shift 3
	case $what in
	key)	_psim_key "$prefix" "$word" ;;
	file)	_psim_files "$word" any ;;
	dir)	_psim_files "$word" dir ;;
	command|value)
		[[ $what == command ]] && set -- "${_psim_cmds[@]}"
		for c in "$@"; do
			cands+=("$prefix$c")
		done
		_psim_reply "$prefix$word" "${cands[@]}"
		# a target goes on after its "<=" or ">="
		[[ ${COMPREPLY[0]} == *[\<\>]= ]] && _psim_nospace ;;
	esac
}

# _psim_operand COMMAND WORD: an operand: merge's folder, a scenario
# file or a shipped scenario's name for the others (keys takes none).
_psim_operand() {
	case $1 in
	keys)	;;
	merge)	_psim_files "$2" dir ;;
	*)	_psim_files "$2"
		[[ $2 == */* ]] || _psim_reply "$2" "${_psim_scen[@]}" ;;
	esac
}

# _psim_commands PSIM WORD: the commands WORD begins.
_psim_commands() {
	local -a cands

	mapfile -t cands < <("$1" keys --commands 2>/dev/null)
	_psim_reply "$2" "${cands[@]}"
}

_psim() {
	local -a _psim_w longs _psim_opts _psim_keys _psim_vals _psim_scen
	local -a _psim_cmds
	local psim cmd word prev name what choices i
	local -A takes offers

	COMPREPLY=()
	_psim_split
	psim=${_psim_w[0]}
	[[ $psim == */* && -x $psim ]] || psim=psim
	command -v "$psim" >/dev/null 2>&1 || return 0
	word=${_psim_w[${#_psim_w[@]} - 1]}
	if ((${#_psim_w[@]} == 2)); then
		if [[ $word == -* ]]; then
			_psim_reply "$word" --help --version
		else
			_psim_commands "$psim" "$word"
		fi
		return 0
	fi
	cmd=${_psim_w[1]}
	if [[ $cmd == help ]]; then
		((${#_psim_w[@]} == 3)) && _psim_commands "$psim" "$word"
		return 0
	fi
	[[ $cmd == -* ]] && return 0	# --help, --version: nothing more
	_psim_load "$psim" "$cmd"	# the one run of psim of this TAB
	for ((i = 2; i < ${#_psim_w[@]} - 1; i++)); do
		if [[ ${_psim_w[i]} == -- ]]; then	# operands only
			_psim_operand "$cmd" "$word"
			return 0
		fi
	done
	for i in "${_psim_opts[@]}"; do
		read -r name what choices <<<"$i"
		takes[$name]=${what:-none} offers[$name]=$choices
		[[ $name == --* ]] && longs+=("$name")
	done
	prev=${_psim_w[${#_psim_w[@]} - 2]}
	if [[ $word == --*=* && -n ${takes[${word%%=*}]} ]]; then
		name=${word%%=*}
		# shellcheck disable=SC2086
		_psim_value "${takes[$name]}" "$name=" "${word#*=}" \
		    ${offers[$name]}
	elif [[ -n ${takes[$prev]} && ${takes[$prev]} != none ]]; then
		# shellcheck disable=SC2086
		_psim_value "${takes[$prev]}" "" "$word" ${offers[$prev]}
	elif [[ $word == -* ]]; then
		_psim_reply "$word" "${longs[@]}"
	else
		_psim_operand "$cmd" "$word"
	fi
	return 0
}

complete -F _psim psim
