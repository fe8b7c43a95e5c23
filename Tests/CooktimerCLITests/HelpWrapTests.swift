import CooktimerPTY
import CooktimerTestSupport
import Foundation
import Testing

/// `help` wraps at word boundaries: to the terminal's width on a terminal, to 80 columns
/// through a pipe, continuation lines under the description.
@Suite("help wraps its text", .serialized, .ownThread)
struct HelpWrapTests {
  @Test func oneCommandsHelpWrapsAt80ColumnsThroughAPipe() throws {
    let box = try Sandbox()
    let start = try box.run(["help", "start"])
    #expect(
      start.stdout == """
        usage: start RECIPE [--auto-advance] [--prose-timers]
          start a run at step 1; prints its id
          With --auto-advance each next step starts the instant the last timer of a step
          fires. With --prose-timers the times the steps name in words (`show` lists
          them as suggested timers) run as timers.

        """)
    let begin = try box.run(["help", "begin"])
    #expect(
      begin.stdout == """
        usage: begin TIMER [DURATION | until TIME | at TIME] [RUN]
          start a waiting timer now
          Give a length for a timer the recipe left without one: `begin rest 10m`,
          `begin rest until 18:42`, `begin rest at 6:42pm` (the next such time, local
          zone).

        """)
  }

  @Test func theCommandListFitsIn80Columns() throws {
    let box = try Sandbox()
    let help = try box.run(["help"])
    let lines = help.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.allSatisfy { $0.count <= 80 }, "\(lines.filter { $0.count > 80 })")
    #expect(
      help.stdout.contains(
        """

          apikey create [--name N] | apikey list | apikey revoke NAME
                                             bearer keys for serve; a key is printed
                                             once, only its hash is kept
          help [COMMAND]                     this list, or one command

        """))
    #expect(
      help.stdout.contains(
        """

          --recipes DIR    the recipes folder (default $COOKTIMER_RECIPES, else
                           ./Recipes when there is one, else
                           $XDG_DATA_HOME/cooktimer/Recipes, else
                           ~/.local/share/cooktimer/Recipes)

        """))
  }

  @Test func onATerminalHelpWrapsToItsWidth() throws {
    let box = try Sandbox()
    // The test terminal is 120 columns wide.
    let terminal = try PseudoTerminal(arguments: ["help", "payload"], environment: box.environment)
    #expect(terminal.waitForExit() == 0)
    let expected = [
      "usage: payload EVENT [RUN]",
      "  the APNs Live Activity push body (start, update, end)",
      "  Prints the exact bytes to POST; --json gives {headers, body}. A preview: it shows the timestamp the run's next push",
      "  would take and takes none. Options: --priority 5|10; for end, --dismissal default|immediate|TIME.",
      "",
    ]
    #expect(terminal.screen == expected.joined(separator: "\r\n"))
  }
}
