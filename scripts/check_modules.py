#!/usr/bin/env python3
"""Checks the module graph: the build's own dependency declarations must form no cycle, every
`#include "lectio/<module>/..."` in a module must name itself or a module it links (directly or
through another), and the diagram in CONTRIBUTING.md must match the declared graph.

  scripts/check_modules.py [ROOT]          check; exit 1 with one line per problem
  scripts/check_modules.py [ROOT] --write  rewrite CONTRIBUTING.md's diagram from the build

Each module's dependencies are the lectio_<module> targets its src/<module>/CMakeLists.txt
names (lectio_module's PUBLIC_DEPS and PRIVATE_DEPS, and any target_link_libraries there).
Run by CTest as `module_graph` (tests/CMakeLists.txt)."""
import os
import re
import sys

BEGIN = '<!-- module graph: scripts/check_modules.py --write -->'
END = '<!-- end of module graph -->'
INCLUDE = re.compile(r'^\s*#\s*include\s+"lectio/([a-z_]+)/', re.M)


def declared_graph(root):
    src = os.path.join(root, 'src')
    modules = sorted(d for d in os.listdir(src)
                     if os.path.isfile(os.path.join(src, d, 'CMakeLists.txt')))
    graph = {}
    for m in modules:
        text = open(os.path.join(src, m, 'CMakeLists.txt')).read()
        text = re.sub(r'#.*', '', text)
        names = set(re.findall(r'\blectio_([a-z_]+)\b', text))
        graph[m] = sorted(n for n in names if n != m and n in modules)
    return graph


def find_cycle(graph):
    state = {}
    stack = []

    def visit(m):
        state[m] = 1
        stack.append(m)
        for d in graph[m]:
            if state.get(d) == 1:
                return stack[stack.index(d):] + [d]
            if d not in state:
                found = visit(d)
                if found:
                    return found
        stack.pop()
        state[m] = 2
        return None

    for m in graph:
        if m not in state:
            found = visit(m)
            if found:
                return found
    return None


def closure(graph, m):
    seen, todo = set(), list(graph[m])
    while todo:
        d = todo.pop()
        if d not in seen:
            seen.add(d)
            todo.extend(graph[d])
    return seen


def module_files(root, m):
    for base in (os.path.join(root, 'src', m), os.path.join(root, 'include', 'lectio', m)):
        for dirpath, _, files in os.walk(base):
            for f in sorted(files):
                if f.endswith(('.h', '.cpp')):
                    yield os.path.join(dirpath, f)


def include_problems(root, graph):
    problems = []
    for m in graph:
        allowed = closure(graph, m) | {m}
        for path in module_files(root, m):
            for n in INCLUDE.findall(open(path, encoding='utf-8').read()):
                if n in graph and n not in allowed:
                    rel = os.path.relpath(path, root)
                    problems.append(f'{rel}: includes lectio/{n}/ but module {m} does not link '
                                    f'lectio_{n}')
    return problems


def layers(graph):
    """Modules by layer: a module sits one above the highest module it uses."""
    level = {}

    def of(m):
        if m not in level:
            level[m] = 1 + max((of(d) for d in graph[m]), default=-1)
        return level[m]

    for m in graph:
        of(m)
    return level


def diagram(graph):
    level = layers(graph)
    lines = ['```text', 'layer  module      uses (directly; see src/<module>/CMakeLists.txt)']
    for m in sorted(graph, key=lambda m: (-level[m], m)):
        uses = ', '.join(graph[m]) if graph[m] else '(std, third-party libraries only)'
        lines.append(f'{level[m]:>5}  {m:<10}  {uses}')
    lines.append('```')
    return '\n'.join(lines)


def main(argv):
    args = [a for a in argv if not a.startswith('--')]
    root = args[0] if args else os.path.join(os.path.dirname(__file__), '..')
    graph = declared_graph(root)
    problems = []
    cycle = find_cycle(graph)
    if cycle:
        problems.append('module cycle: ' + ' -> '.join(cycle))
    else:
        problems += include_problems(root, graph)
    contributing = os.path.join(root, 'CONTRIBUTING.md')
    text = open(contributing, encoding='utf-8').read()
    if BEGIN not in text or END not in text:
        problems.append(f'CONTRIBUTING.md: no module graph between "{BEGIN}" and "{END}"')
    elif not cycle:
        head, rest = text.split(BEGIN, 1)
        _, tail = rest.split(END, 1)
        wanted = head + BEGIN + '\n' + diagram(graph) + '\n' + END + tail
        if '--write' in argv:
            open(contributing, 'w', encoding='utf-8').write(wanted)
        elif wanted != text:
            problems.append('CONTRIBUTING.md: the module graph differs from the build\'s; run '
                            'scripts/check_modules.py --write')
    for p in problems:
        print(p)
    if not problems:
        print(f'module graph: {len(graph)} modules, no cycle, every include declared')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
