# The README's two commands. Each first installs the Debian packages it needs that are
# missing (as root; otherwise it prints the one `sudo apt-get install` line and stops before
# building), then builds and runs. `swift run cooktimer` and `swift test` work the same where
# the packages are present.

.PHONY: run test

# The REPL on the shipped recipes in ./Recipes.
run:
	@bash .ci/packages build
	swift run cooktimer

# The whole test suite.
test:
	@bash .ci/packages test
	swift test
