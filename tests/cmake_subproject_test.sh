#!/bin/sh
# cmake_subproject_test.sh: whatenc's CMake build as a parent project's
# subproject, as projects that vendor it use it. The source tree is copied
# (the files git lists: tracked, or untracked and not ignored) and made
# read-only; two parents in a temporary directory build it at the same time
# as it is built as the top-level project, each in its own binary directory:
#   A: add_subdirectory(<source> whatenc-build), after include(CTest)
#      (so BUILD_TESTING is ON), defaults otherwise; its static consumer is
#      not in its ALL, so that its default build, which links only the
#      shared library, must not build whatenc's c-archive;
#   B: FetchContent_Declare(whatenc SOURCE_DIR <source>) and
#      FetchContent_MakeAvailable, with WHATENC_INSTALL set ON.
# Each links tests/consumer/consumer.c to whatenc::whatenc and to
# whatenc::whatenc_static; the programs must run (no LD_LIBRARY_PATH), the
# parent's ctest must have no tests and no GoogleTest target may exist; the
# two targets must be those of the installed package (type and link
# dependencies, as find_package gives them from B's install); A's
# install holds only A's programs, B's holds libwhatenc too; the source
# copy is unchanged; and a C parent configures with no C++ compiler. The
# top-level build (tests included) must build whatconv and register the
# tests, whose run is make test-cmake's.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'chmod -R u+w "$tmp"; rm -rf "$tmp"' EXIT
want="1.0.0 windows-1252 café"
pass=0 fail=0
check() { if [ "$2" = "$3" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $1: want '$2', got '$3'"; fi; }

# The vendored copy.
src=$tmp/vendor/whatenc
mkdir -p "$src"
if git -C "$top" rev-parse --is-inside-work-tree > /dev/null 2>&1; then
    (cd "$top" && git ls-files -z -co --exclude-standard | tar --null -T - --ignore-failed-read -cf - 2> /dev/null) |
        tar -xf - -C "$src"
else
    (cd "$top" && tar --exclude=./build -cf - .) | tar -xf - -C "$src"
fi
chmod -R a-w "$src"
snapshot() { find "$src" -printf '%P %y %s %m %T@\n' | sort; }
snapshot > "$tmp/src.before"

# Each project records the targets it sees: type and link dependencies.
cat > "$tmp/targets.cmake" << 'EOF'
set(_targets "")
foreach(t whatenc::whatenc whatenc::whatenc_static)
  get_target_property(type ${t} TYPE)
  get_target_property(links ${t} INTERFACE_LINK_LIBRARIES)
  string(APPEND _targets "${t} ${type} ${links}; ")
endforeach()
file(WRITE "${CMAKE_BINARY_DIR}/targets.txt" "${_targets}")
EOF

# parent DIR STATIC-FLAGS LINES...: a parent project linking the consumer
# both ways.
parent() {
    d=$1 static=$2
    shift 2
    mkdir -p "$d"
    {
        echo 'cmake_minimum_required(VERSION 3.16)'
        echo 'project(parent LANGUAGES C)'
        for line in "$@"; do echo "$line"; done
        echo "add_executable(consumer_shared \"$src/tests/consumer/consumer.c\")"
        echo 'target_link_libraries(consumer_shared PRIVATE whatenc::whatenc)'
        echo "add_executable(consumer_static $static\"$src/tests/consumer/consumer.c\")"
        echo 'target_link_libraries(consumer_static PRIVATE whatenc::whatenc_static)'
        echo 'install(TARGETS consumer_shared consumer_static DESTINATION bin)'
        echo "include(\"$tmp/targets.cmake\")"
    } > "$d/CMakeLists.txt"
}
parent "$tmp/a" 'EXCLUDE_FROM_ALL ' 'include(CTest)' "add_subdirectory(\"$src\" whatenc-build)"
parent "$tmp/b" '' 'enable_testing()' 'include(FetchContent)' "FetchContent_Declare(whatenc SOURCE_DIR \"$src\")" \
    'set(WHATENC_INSTALL ON)' 'FetchContent_MakeAvailable(whatenc)'

# A C parent needs no C++ compiler: whatenc enables none unless it builds
# its tests (configure only).
cmake -S "$tmp/a" -B "$tmp/a-nocxx" -DCMAKE_CXX_COMPILER="$tmp/no-such-c++" > "$tmp/a-nocxx.log" 2>&1
check "A: configures without a C++ compiler" 0 $?

# The top level and both parents at once.
(
    cmake -S "$src" -B "$tmp/top-build" > "$tmp/top.log" 2>&1 && cmake --build "$tmp/top-build" -j2 >> "$tmp/top.log" 2>&1
    echo $? > "$tmp/top.rc"
) &
# A's default build links only the shared library:
# whatenc's c-archive must not be built for it; then its static consumer.
(
    cmake -S "$tmp/a" -B "$tmp/a-build" > "$tmp/a.log" 2>&1 &&
        cmake --build "$tmp/a-build" -j2 >> "$tmp/a.log" 2>&1 &&
        { [ -e "$tmp/a-build/whatenc-build/libwhatenc.a" ] && echo built || echo none; } > "$tmp/a.archive" &&
        cmake --build "$tmp/a-build" -j2 --target consumer_static >> "$tmp/a.log" 2>&1
    echo $? > "$tmp/a.rc"
) &
(
    cmake -S "$tmp/b" -B "$tmp/b-build" > "$tmp/b.log" 2>&1 && cmake --build "$tmp/b-build" -j2 >> "$tmp/b.log" 2>&1
    echo $? > "$tmp/b.rc"
) &
wait

for p in a b; do
    P=$(echo $p | tr a-z A-Z) b=$tmp/$p-build
    rc=$(cat "$tmp/$p.rc")
    check "$P: configure and build" 0 "$rc"
    [ "$rc" = 0 ] || tail -n 30 "$tmp/$p.log"
    check "$P: whatenc::whatenc consumer" "$want" "$("$b/consumer_shared" 2>&1)"
    check "$P: whatenc::whatenc_static consumer" "$want" "$("$b/consumer_static" 2>&1)"
    check "$P: the static consumer needs no libwhatenc.so" 0 \
        "$(if readelf -d "$b/consumer_static" > "$tmp/$p.dynamic" 2>&1; then grep -c 'NEEDED.*libwhatenc' "$tmp/$p.dynamic"
        else echo "readelf failed"; fi)"
    check "$P: ctest -N" "Total Tests: 0" "$(cd "$b" && ctest -N 2>&1 | grep 'Total Tests')"
    check "$P: no GoogleTest target" "" "$(cd "$b" && find . -name 'whatenc_tests*')"
    cmake --install "$b" --prefix "$tmp/$p-inst" > "$tmp/$p-inst.log" 2>&1
    check "$P: install" 0 $?
done
check "A: a build linking only whatenc::whatenc builds no c-archive" none "$(cat "$tmp/a.archive" 2>&1)"
check "A: installs only its programs" "bin/consumer_shared bin/consumer_static" \
    "$(cd "$tmp/a-inst" 2> /dev/null && find . ! -type d | sed 's|^\./||' | sort | tr '\n' ' ' | sed 's/ $//')"
check "B: WHATENC_INSTALL=ON installs libwhatenc" "3 files" \
    "$(find "$tmp/b-inst" -name libwhatenc.so.1.0.0 -o -name whatenc.h -o -name whatencConfig.cmake | wc -l) files"
mkdir "$tmp/installed"
printf 'cmake_minimum_required(VERSION 3.16)\nproject(installed LANGUAGES C)\nfind_package(whatenc 1 REQUIRED)\ninclude("%s")\n' \
    "$tmp/targets.cmake" > "$tmp/installed/CMakeLists.txt"
cmake -S "$tmp/installed" -B "$tmp/installed-build" -DCMAKE_PREFIX_PATH="$tmp/b-inst" > "$tmp/installed.log" 2>&1 ||
    tail -n 20 "$tmp/installed.log"
installed=$(cat "$tmp/installed-build/targets.txt" 2>&1)
check "the installed package's targets" "whatenc::whatenc SHARED_LIBRARY links-NOTFOUND; whatenc::whatenc_static STATIC_LIBRARY Threads::Threads; " "$installed"
check "A: the in-tree targets are the installed package's" "$installed" "$(cat "$tmp/a-build/targets.txt" 2>&1)"
check "B: the in-tree targets are the installed package's" "$installed" "$(cat "$tmp/b-build/targets.txt" 2>&1)"
check "B: no whatconv without WHATENC_BUILD_WHATCONV" "" "$(find "$tmp/b-inst" "$tmp/b-build" -name whatconv)"

rc=$(cat "$tmp/top.rc")
check "top level: configure and build" 0 "$rc"
[ "$rc" = 0 ] || tail -n 30 "$tmp/top.log"
check "top level: whatconv" "café" "$(printf 'caf\351' | "$tmp/top-build/whatconv" -f windows-1252 -t utf-8 2>&1)"
check "top level: ctest -N lists the tests" yes \
    "$(cd "$tmp/top-build" && ctest -N 2>&1 | grep -q 'Test *#[0-9]*: exports$' && echo yes)"

snapshot > "$tmp/src.after"
check "the source tree is not written" "" "$(diff "$tmp/src.before" "$tmp/src.after")"

echo "cmake subproject: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
