// The Storage emulator's rules runtime (see scripts/lib/storage-rules-runtime.ts): firebase-tools' Storage
// emulator asks a separate Java process, line by line on stdin/stdout, to load a ruleset and to verify
// requests against it. Google's runtime is a download this machine cannot make; this one answers the
// same protocol with the Firebase rules engine shipped inside the Cloud SDK's Firestore emulator jar
// (the same compiler and evaluator, with the engine's own firebase.storage service definition).
// In the engine's package because its rule client (EmulatorRuleClient) is package-private.
package com.google.cloud.datastore.emulator.impl.rules;

import com.google.firebase.rules.lang.CompileResult;
import com.google.firebase.rules.lang.FirebaseRulesProtoCompiler;
import com.google.firebase.rules.lang.common.FirebaseRulesLangOptions;
import com.google.firebase.rules.runtime.evaluators.AuthRuleEvaluator;
import com.google.firebase.rules.runtime.v1.ExpressionValue;
import com.google.firebase.rules.runtime.v1.RulesetAst;
import com.google.firebase.rules.v1.Issue;
import com.google.firebase.rules.v1.Source;
import com.google.gson.Gson;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.protobuf.util.JsonFormat;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

public final class StorageRulesRuntime {
  private static final Map<String, RulesetAst> RULESETS = new HashMap<>();
  private static final Map<String, Integer> VERSIONS = new HashMap<>();
  private static final Pattern VERSION = Pattern.compile("rules_version\\s*=\\s*['\"](\\d+)['\"]");

  public static void main(String[] args) throws Exception {
    PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
    // The engine logs through java.util.logging on stderr; firebase-tools shows stderr as warnings.
    java.util.logging.LogManager.getLogManager().reset();
    out.println("{\"id\":-1,\"status\":\"ok\"}");
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    for (String line; (line = in.readLine()) != null; ) {
      if (line.isBlank()) continue;
      JsonObject request = JsonParser.parseString(line).getAsJsonObject();
      JsonObject answer;
      try {
        answer = handle(request);
      } catch (Exception error) {
        answer = new JsonObject();
        answer.addProperty("status", "ok");
        JsonArray errors = new JsonArray();
        errors.add(String.valueOf(error));
        answer.add("errors", errors);
        answer.add("warnings", new JsonArray());
      }
      answer.add("id", request.get("id"));
      out.println(new Gson().toJson(answer));
    }
  }

  private static JsonObject handle(JsonObject request) throws Exception {
    String action = request.get("action").getAsString();
    JsonObject context = request.getAsJsonObject("context");
    JsonObject answer = new JsonObject();
    answer.addProperty("status", "ok");
    JsonArray errors = new JsonArray();
    JsonArray warnings = new JsonArray();
    answer.add("errors", errors);
    answer.add("warnings", warnings);
    JsonObject result = new JsonObject();
    if (action.equals("load_ruleset")) {
      String name = context.get("rulesetName").getAsString();
      // The source as firebase-tools sends it: {files: [{name, content}]}, the rules API's Source.
      Source.Builder parsed = Source.newBuilder();
      JsonFormat.parser().ignoringUnknownFields().merge(context.get("source").toString(), parsed);
      Source source = parsed.build();
      String text = source.getFilesCount() > 0 ? source.getFiles(0).getContent() : "";
      CompileResult compiled =
          FirebaseRulesProtoCompiler.createStandalone(FirebaseRulesLangOptions.builder().allowTernaryOperator(true).build())
              .compile(source);
      for (Issue issue : compiled.getIssues()) {
        String described = "line " + issue.getSourcePosition().getLine() + ": " + issue.getDescription();
        if (issue.getSeverity() == Issue.Severity.ERROR) errors.add(described);
        else warnings.add(described);
      }
      if (!compiled.hasCompilationError()) {
        Matcher version = VERSION.matcher(text);
        int rulesVersion = version.find() ? Integer.parseInt(version.group(1)) : 1;
        RULESETS.put(name, compiled.getRulesetAst());
        VERSIONS.put(name, rulesVersion);
        result.addProperty("rulesVersion", rulesVersion);
      }
    } else if (action.equals("verify")) {
      String name = context.get("rulesetName").getAsString();
      RulesetAst ast = RULESETS.get(name);
      if (ast == null) throw new IllegalStateException("no ruleset " + name);
      AuthRuleEvaluator.RuleContext.Builder rule =
          AuthRuleEvaluator.RuleContext.builder()
              .service(context.get("service").getAsString())
              .method(context.get("method").getAsString())
              .path(context.get("path").getAsString());
      for (Map.Entry<String, JsonElement> variable : context.getAsJsonObject("variables").entrySet()) {
        ExpressionValue.Builder value = ExpressionValue.newBuilder();
        JsonFormat.parser().merge(variable.getValue().toString(), value);
        rule.supplyVariable(variable.getKey(), value.build());
      }
      AuthRuleEvaluator evaluator =
          new EmulatorRuleClient(ast, null).getEvaluatorAsync(AuthRuleEvaluator.AuthRuleEvaluatorRequest.release(name)).get();
      result.addProperty("permit", evaluator.evaluate(rule.build()).get().permit());
    } else {
      throw new IllegalArgumentException("unknown action " + action);
    }
    answer.add("result", result);
    return answer;
  }
}
