# completion/psim.bash: bash completion for psim(1).
#
# Source it (". completion/psim.bash"), or let bash-completion load it:
# make install puts it in its completions directory, named psim.  It
# takes every list from the psim being completed (the command word when
# it is a path to one, such as src/psim, else psim on PATH): the
# commands (psim keys --commands), a command's options and what each
# takes (psim keys --options COMMAND), the scenario's key paths (psim
# keys) and the values of the keys that take one of a list (psim keys
# --values), so that a new command, option or key needs no edit here.
# Plain bash 4: bash-completion's helpers are not needed.
#
#   psim <TAB>                      the commands
#   psim run --set strategy.sh<TAB> strategy.shards=
#   psim run -s strategy.sync=a<TAB>  strategy.sync=async
#   psim sweep --v<TAB>             --vary (a command's long options)
#   psim run scenarios/s<TAB>       scenario files (*.json) and folders
#   psim help ru<TAB>               run
#
# A key path completes one level at a time: "faults." before
# "faults.preemption.", "strategy.shards=" at a key that takes a value,
# and an array's element as the index typed ("jobs.1.") or 0.

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

# _psim_paths PSIM PREFIX WORD: the key paths of PSIM keys that WORD
# begins (PREFIX, such as "--set=", before it), one level at a time:
# "a.b." for an object, "a.b=" for a key that takes a value (an object
# too, when it takes one of a list: "network="); N, an array's element,
# as the index WORD gives, or 0.
_psim_paths() {
	local psim=$1 prefix=$2 word=$3 key line k w out i n
	local -a keys kp wp cands _psim_c
	local -A parent listed seen

	mapfile -t keys < <("$psim" keys 2>/dev/null)
	for key in "${keys[@]}"; do	# objects, arrays of objects
		[[ $key == *.* ]] || continue
		key=${key%.*}
		parent[$key]=1 parent[${key%.N}]=1
	done
	while IFS= read -r line; do
		listed[${line%%=*}]=1
	done < <("$psim" keys --values 2>/dev/null)
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

# _psim_key PSIM PREFIX WORD: WORD completed as PATH=VALUE: a key path,
# or after "=" one of the key's values (psim keys --values).
_psim_key() {
	local psim=$1 prefix=$2 word=$3 path generic c line
	local -a cands _psim_c

	if [[ $word != *=* ]]; then
		_psim_paths "$psim" "$prefix" "$word"
		return
	fi
	path=${word%%=*}
	_psim_dots "$path"	# the key as psim keys lists it: indices as N
	generic=""
	for c in "${_psim_c[@]}"; do
		[[ $c =~ ^[0-9]+$ ]] && c=N
		generic+=${generic:+.}$c
	done
	while IFS= read -r line; do
		[[ $line == "$generic="* ]] &&
		    cands+=("$prefix$path=${line#*=}")
	done < <("$psim" keys --values 2>/dev/null)
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

# _psim_value PSIM WHAT PREFIX WORD: WORD as the value of an option that
# takes WHAT (psim keys --options: key, file, dir, command or value).
_psim_value() {
	local -a cands
	local c

	case $2 in
	key)	_psim_key "$1" "$3" "$4" ;;
	file)	_psim_files "$4" any ;;
	dir)	_psim_files "$4" dir ;;
	command)
		while IFS= read -r c; do
			cands+=("$3$c")
		done < <("$1" keys --commands 2>/dev/null)
		_psim_reply "$3$4" "${cands[@]}" ;;
	esac
}

# _psim_operand PSIM COMMAND WORD: an operand: merge's folder, a
# scenario file for the others (keys takes none).
_psim_operand() {
	case $2 in
	keys)	;;
	merge)	_psim_files "$3" dir ;;
	*)	_psim_files "$3" ;;
	esac
}

# _psim_commands PSIM WORD: the commands WORD begins.
_psim_commands() {
	local -a cands

	mapfile -t cands < <("$1" keys --commands 2>/dev/null)
	_psim_reply "$2" "${cands[@]}"
}

_psim() {
	local -a _psim_w longs
	local psim cmd word prev name what i
	local -A takes

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
	for ((i = 2; i < ${#_psim_w[@]} - 1; i++)); do
		if [[ ${_psim_w[i]} == -- ]]; then	# operands only
			_psim_operand "$psim" "$cmd" "$word"
			return 0
		fi
	done
	while read -r name what; do
		takes[$name]=${what:-none}
		[[ $name == --* ]] && longs+=("$name")
	done < <("$psim" keys --options "$cmd" 2>/dev/null)
	prev=${_psim_w[${#_psim_w[@]} - 2]}
	if [[ $word == --*=* && -n ${takes[${word%%=*}]} ]]; then
		_psim_value "$psim" "${takes[${word%%=*}]}" "${word%%=*}=" \
		    "${word#*=}"
	elif [[ -n ${takes[$prev]} && ${takes[$prev]} != none ]]; then
		_psim_value "$psim" "${takes[$prev]}" "" "$word"
	elif [[ $word == -* ]]; then
		_psim_reply "$word" "${longs[@]}"
	else
		_psim_operand "$psim" "$cmd" "$word"
	fi
	return 0
}

complete -F _psim psim
