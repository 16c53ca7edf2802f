// Runs the Java client openapi-generator-cli generated (library native: java.net.http and
// Jackson), compiled by Debian's JDK against Debian's jars (Tests/Generators/run-java.sh):
// - live, against BASE_URL: every screen's layout (the screens from GET /layouts), home's frames
//   at an instant past 32 bits, and an unknown screen's 404 problem, through the client's
//   operations;
// - corpus, CORPUS_DIR/manifest.json (Tests/Generators/corpus.py): each document read as its
//   schema's model class with the client's ObjectMapper, written again, equals the original as
//   JSON (numbers by value: an integral double may come back as 12.0; a null member may come back
//   absent, counted: the client writes no nulls);
// - forward, CORPUS_DIR/forward (Tests/Generators/forward.py): the same, once the unknown member
//   "zzFutureMember" is removed from both sides.
// Prints every failure with the first differing JSON pointer; exits 1 on any.
//   java -cp CLASSES:JARS Decode BASE_URL CORPUS_DIR
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.TreeSet;
import org.openapitools.client.ApiClient;
import org.openapitools.client.ApiException;
import org.openapitools.client.api.LayoutsApi;
import org.openapitools.client.model.Frames;
import org.openapitools.client.model.Layout;
import org.openapitools.client.model.LayoutNode;
import org.openapitools.client.model.LayoutsIndex;
import org.openapitools.client.model.Problem;

public final class Decode {
    private static final String UNKNOWN_MEMBER = "zzFutureMember";
    private static int failures = 0;
    private static int nullsAbsent = 0;

    private static void fail(String what) {
        System.out.println("java: FAIL " + what);
        failures++;
    }

    private static void expect(boolean condition, String what) {
        if (!condition) throw new IllegalStateException(what);
    }

    public static void main(String[] arguments) throws Exception {
        if (arguments.length != 2) {
            System.err.println("usage: java Decode BASE_URL CORPUS_DIR");
            System.exit(2);
        }
        ApiClient client = new ApiClient();
        client.updateBaseUri(arguments[0]);
        live(new LayoutsApi(client), client.getObjectMapper());
        ObjectMapper mapper = client.getObjectMapper();
        String lossless = corpus(mapper, Path.of(arguments[1]), false);
        String forward = corpus(mapper, Path.of(arguments[1], "forward"), true);
        System.out.println("java: decoded " + lossless + " losslessly; forward: " + forward);
        System.out.println("java: note: " + nullsAbsent + " null members came back absent (the client writes no nulls)");
        System.exit(failures == 0 ? 0 : 1);
    }

    /// The client's operations against the live server.
    private static void live(LayoutsApi layouts, ObjectMapper mapper) {
        try {
            LayoutsIndex index = layouts.listLayouts(null);
            expect(!index.getScreens().isEmpty(), "GET /layouts lists no screen");
            for (var screen : index.getScreens()) {
                Layout layout = layouts.getLayout(screen.getId(), null, null, null, null, null, null, null, null);
                expect(screen.getId().equals(layout.getScreen()), "getLayout " + screen.getId() + " gave screen " + layout.getScreen());
                LayoutNode root = layout.getRoot();
                expect(root.getActualInstance() != null, "getLayout " + screen.getId() + ": its root decoded as no node type");
                System.out.println("java: getLayout " + screen.getId() + ": root " + root.getActualInstance().getClass().getSimpleName()
                    + ", " + layout.getElements().size() + " elements");
            }
            long at = 1_764_000_000_123L;
            Frames frames = layouts.getFrames("home", 390, null, null, null, null, null, at, null, null, null);
            expect(frames.getAt() != null && frames.getAt() == at, "getFrames home at " + at + " gave at " + frames.getAt());
            expect(!frames.getFrames().isEmpty() && frames.getPaints() != null, "getFrames home: no frames or no paints");
            double x = frames.getFrames().get(0).getX();
            System.out.println("java: getFrames home width 390 at " + at + ": " + frames.getFrames().size() + " frames, "
                + frames.getPaints().size() + " paints, the first frame at x " + x);
        } catch (Exception error) {
            fail("live: " + error);
        }
        try {
            layouts.getLayout("nope", null, null, null, null, null, null, null, null);
            fail("getLayout nope: no error");
        } catch (ApiException error) {
            try {
                Problem problem = mapper.readValue(error.getResponseBody(), Problem.class);
                expect(error.getCode() == 404 && problem.getStatus() == 404, "getLayout nope: status " + error.getCode());
                System.out.println("java: getLayout nope: " + error.getCode() + ", a Problem (" + problem.getDetail() + ")");
            } catch (Exception decoding) {
                fail("getLayout nope: " + decoding);
            }
        }
    }

    /// Decodes and re-encodes every document of DIRECTORY/manifest.json: "N/M", N of M came back equal.
    private static String corpus(ObjectMapper mapper, Path directory, boolean forward) throws Exception {
        JsonNode entries = mapper.readTree(directory.resolve("manifest.json").toFile());
        int equal = 0;
        for (JsonNode entry : entries) {
            String label = (forward ? "forward " : "") + entry.get("file").asText() + " (" + entry.get("operationId").asText() + " "
                + entry.get("status").asInt() + " " + entry.get("path").asText()
                + (entry.has("event") ? " event " + entry.get("event").asText() : "") + ")";
            if (!entry.hasNonNull("schema")) {
                fail(label + ": the description names no component schema for this response");
                continue;
            }
            String schema = entry.get("schema").asText();
            try {
                Class<?> model = Class.forName("org.openapitools.client.model." + schema);
                byte[] bytes = Files.readAllBytes(directory.resolve(entry.get("file").asText()));
                JsonNode original = mapper.readTree(bytes);
                JsonNode written = mapper.readTree(mapper.writeValueAsBytes(mapper.readValue(bytes, model)));
                if (forward) {
                    original = withoutUnknownMembers(original);
                    written = withoutUnknownMembers(written);
                }
                String difference = difference(original, written, "");
                if (difference == null) equal++;
                else fail(schema + " " + label + ": " + difference);
            } catch (Exception error) {
                fail(schema + " " + label + ": " + error.toString().split("\n")[0]);
            }
        }
        return equal + "/" + entries.size();
    }

    private static JsonNode withoutUnknownMembers(JsonNode value) {
        JsonNode copy = value.deepCopy();
        var stack = new ArrayList<JsonNode>();
        stack.add(copy);
        while (!stack.isEmpty()) {
            JsonNode node = stack.remove(stack.size() - 1);
            if (node.isObject()) ((com.fasterxml.jackson.databind.node.ObjectNode) node).remove(UNKNOWN_MEMBER);
            for (Iterator<JsonNode> items = node.elements(); items.hasNext(); ) stack.add(items.next());
        }
        return copy;
    }

    private static String shortText(JsonNode value) {
        String text = value == null ? "absent" : value.toString();
        return text.length() > 100 ? text.substring(0, 100) + "…" : text;
    }

    /// The first JSON pointer at which `was` and `now` differ, with both values there; null when
    /// they are equal (numbers by value; a null that came back absent counts in nullsAbsent).
    private static String difference(JsonNode was, JsonNode now, String path) {
        if (was != null && was.isNull() && now == null) {
            nullsAbsent++;
            return null;
        }
        String at = (path.isEmpty() ? "/" : path) + " was " + shortText(was) + ", re-encoded " + shortText(now);
        if (was == null || now == null) return at;
        if (was.isNumber() && now.isNumber()) return was.decimalValue().compareTo(now.decimalValue()) == 0 ? null : at;
        if (was.isArray() && now.isArray()) {
            if (was.size() != now.size()) return at;
            for (int index = 0; index < was.size(); index++) {
                String inner = difference(was.get(index), now.get(index), path + "/" + index);
                if (inner != null) return inner;
            }
            return null;
        }
        if (was.isObject() && now.isObject()) {
            var names = new TreeSet<String>();
            was.fieldNames().forEachRemaining(names::add);
            now.fieldNames().forEachRemaining(names::add);
            for (String name : names) {
                String inner = difference(was.get(name), now.get(name), path + "/" + name.replace("~", "~0").replace("/", "~1"));
                if (inner != null) return inner;
            }
            return null;
        }
        return was.equals(now) ? null : at;
    }
}
