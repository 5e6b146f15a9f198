import Foundation
import RivuletApp

let status = Rivulet.run(arguments: Array(CommandLine.arguments.dropFirst()))
exit(status)
