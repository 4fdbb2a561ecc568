#!/bin/sh
# deps.sh: install what contest needs to build and run on Debian (make, a C compiler, tar), if missing.
need=
command -v make >/dev/null 2>&1 || need="$need make"
command -v cc >/dev/null 2>&1 || need="$need gcc libc6-dev"
command -v tar >/dev/null 2>&1 || need="$need tar"
[ -z "$need" ] && exit 0
echo "deps.sh: installing$need" >&2
if [ "$(id -u)" -eq 0 ]; then
	apt-get update -q && apt-get install -y -q $need
else
	sudo apt-get update -q && sudo apt-get install -y -q $need
fi
