# The two set-up commands: `make demo` and `make test`. Both install missing Debian packages first.
BUILD ?= build
JOBS ?= $(shell nproc)
DATA ?= $(CURDIR)/lectio-data
LECTIO = $(BUILD)/lectio

.PHONY: all deps build test demo bench clean format

all: build

deps:
	@bash scripts/install-deps.sh

$(BUILD)/CMakeCache.txt:
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo

build: deps $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j $(JOBS)

test: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

# Ends in `lectio serve` on port $(PORT) (DEMO_SERVE=0 stops before serving).
PORT ?= 8080
demo: build
	PORT=$(PORT) bash scripts/demo.sh $(LECTIO) $(DATA)

bench: build
	bash bench/run.sh $(BUILD)

format:
	clang-format -i $$(git ls-files '*.cpp' '*.h')

clean:
	rm -rf $(BUILD)
